/**
 * Pull-to-refresh for lists on touch screens (rules in use-pull-to-refresh.ts): the list follows the
 * finger down, says "release to refresh" past the threshold, and shows a spinner while refreshing.
 *
 * PullToRefresh props: onRefresh() → Promise, children, getScrollTop?() (default: this box and the page)
 */
import { LoadingOutlined } from '@ant-design/icons';
import { Flex, Spin, Typography } from 'antd';
import { type ReactNode, useCallback, useRef } from 'react';
import { usePullToRefresh } from './use-pull-to-refresh';
import { useWidgetsTranslation } from './widgets-i18n';

export interface PullToRefreshProps {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
  /** How far the list is scrolled, when it scrolls inside some other box. */
  getScrollTop?: () => number;
}

/** The indicator's height while a refresh runs. */
const REFRESHING_HEIGHT = 40;

export function PullToRefresh({ onRefresh, children, getScrollTop }: PullToRefreshProps) {
  const { t } = useWidgetsTranslation();
  const box = useRef<HTMLDivElement>(null);
  // At the top means the list's own box and the page both: a pull inside a scrolled page is a scroll.
  const scrollTop = useCallback(
    () =>
      getScrollTop?.() ?? Math.max(box.current?.scrollTop ?? 0, document.scrollingElement?.scrollTop ?? 0),
    [getScrollTop],
  );
  const { state, phase, handlers } = usePullToRefresh(onRefresh, scrollTop);
  const offset = phase === 'refreshing' ? REFRESHING_HEIGHT : state.distance;
  const text = {
    idle: null,
    pulling: t('widgets.pullToRefresh.pull'),
    ready: t('widgets.pullToRefresh.release'),
    refreshing: t('widgets.pullToRefresh.refreshing'),
  }[phase];

  return (
    <div ref={box} {...handlers} style={{ position: 'relative', overflow: 'hidden' }}>
      <Flex
        align="center"
        justify="center"
        gap={8}
        aria-live="polite"
        style={{
          height: offset,
          overflow: 'hidden',
          transition: state.startY === null ? 'height 0.2s' : 'none',
        }}
      >
        {phase === 'refreshing' ? <Spin indicator={<LoadingOutlined spin />} size="small" /> : null}
        {text ? <Typography.Text type="secondary">{text}</Typography.Text> : null}
      </Flex>
      {children}
    </div>
  );
}
