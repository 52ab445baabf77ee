/**
 * The "load more" control at the end of a list (spec §4, §9): while loading, the button hides and a
 * size-30 spinner shows; with nothing more to load it says so.
 *
 * LoadMore props: loading, hasMore, onLoadMore(), showEnd? (true)
 */
import { LoadingOutlined } from '@ant-design/icons';
import { LOAD_MORE_SPINNER_SIZE } from '@qcdesk/contract/constants';
import { Button, Flex, Spin, Typography } from 'antd';
import { useWidgetsTranslation } from './widgets-i18n';

export interface LoadMoreProps {
  loading: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  showEnd?: boolean;
}

export function LoadMore({ loading, hasMore, onLoadMore, showEnd = true }: LoadMoreProps) {
  const { t } = useWidgetsTranslation();
  let content = null;
  if (loading) {
    content = (
      <Spin
        aria-label={t('widgets.loadMore.loading')}
        indicator={<LoadingOutlined spin style={{ fontSize: LOAD_MORE_SPINNER_SIZE }} />}
      />
    );
  } else if (hasMore) {
    content = <Button onClick={onLoadMore}>{t('widgets.loadMore.button')}</Button>;
  } else if (showEnd) {
    content = <Typography.Text type="secondary">{t('widgets.loadMore.end')}</Typography.Text>;
  }
  return (
    <Flex justify="center" style={{ padding: '12px 0' }} aria-live="polite">
      {content}
    </Flex>
  );
}
