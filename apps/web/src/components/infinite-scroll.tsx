/**
 * Infinite scroll (spec §9): asks for more when the list is scrolled to within 5 px of its bottom, and
 * shows a size-24 spinner while the next page loads. The list scrolls in its own box when `height` is
 * given, else with the window.
 *
 * InfiniteScroll props: hasMore, loading, onLoadMore(), height?, children
 */
import { LoadingOutlined } from '@ant-design/icons';
import { INFINITE_SCROLL_PX, INFINITE_SCROLL_SPINNER_SIZE } from '@qcdesk/contract/constants';
import { Flex, Spin, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useWidgetsTranslation } from './widgets-i18n';

export interface ScrollMetrics {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}

export function isNearBottom({ scrollTop, clientHeight, scrollHeight }: ScrollMetrics): boolean {
  return scrollHeight - scrollTop - clientHeight <= INFINITE_SCROLL_PX;
}

function windowMetrics(): ScrollMetrics {
  const root = document.scrollingElement ?? document.documentElement;
  return { scrollTop: root.scrollTop, clientHeight: window.innerHeight, scrollHeight: root.scrollHeight };
}

export interface InfiniteScrollProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  height?: number | string;
  children: ReactNode;
}

export function InfiniteScroll({ hasMore, loading, onLoadMore, height, children }: InfiniteScrollProps) {
  const { t } = useWidgetsTranslation();
  const box = useRef<HTMLDivElement>(null);
  const own = height !== undefined;

  const check = useCallback(() => {
    if (loading || !hasMore) return;
    const metrics = own && box.current ? box.current : windowMetrics();
    if (isNearBottom(metrics)) onLoadMore();
  }, [loading, hasMore, own, onLoadMore]);

  useEffect(() => {
    const target: HTMLElement | Window | null = own ? box.current : window;
    target?.addEventListener('scroll', check, { passive: true });
    // A first page shorter than the box leaves nothing to scroll: fill it.
    check();
    return () => target?.removeEventListener('scroll', check);
  }, [own, check]);

  return (
    <div ref={box} style={own ? { height, overflowY: 'auto' } : undefined}>
      {children}
      <Flex justify="center" style={{ padding: '8px 0' }} aria-live="polite">
        {loading ? (
          <Spin
            aria-label={t('widgets.infiniteScroll.loading')}
            indicator={<LoadingOutlined spin style={{ fontSize: INFINITE_SCROLL_SPINNER_SIZE }} />}
          />
        ) : hasMore ? null : (
          <Typography.Text type="secondary">{t('widgets.infiniteScroll.end')}</Typography.Text>
        )}
      </Flex>
    </div>
  );
}
