/**
 * The pagination of every list (spec §9): page size 10 with options 10/20/30/40; beyond 5 pages, the
 * pages around the current one plus jump items that move 5 pages. antd's own Pagination only folds
 * beyond 7 pages, hence this small pager.
 *
 * Pager props: page, pageSize, total, totalCapped, onChange(page, pageSize), disabled?
 */
import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { PAGE_SIZE_OPTIONS, PAGINATION_JUMP_PAGES } from '@qcdesk/contract/constants';
import { Button, Flex, Select, Typography } from 'antd';
import { formatTotal } from '../lib/format';
import { useWidgetsTranslation } from './widgets-i18n';

export type PagerItem =
  | { type: 'page'; page: number }
  | { type: 'jump-back'; page: number }
  | { type: 'jump-forward'; page: number };

/** Pages shown on each side of the current one when the pager folds. */
const NEIGHBOURS = 1;
/** First, last, current, its neighbours: how many page buttons a folded pager keeps near either end. */
const EDGE_PAGES = 2 + 2 * NEIGHBOURS;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The items of the pager: every page up to 5 pages, else first, last, the current neighbourhood and jumps. */
export function pagerItems(current: number, count: number): PagerItem[] {
  const page = (n: number): PagerItem => ({ type: 'page', page: n });
  if (count <= PAGINATION_JUMP_PAGES) return Array.from({ length: count }, (_, i) => page(i + 1));
  let left = Math.max(2, current - NEIGHBOURS);
  let right = Math.min(count - 1, current + NEIGHBOURS);
  if (current <= EDGE_PAGES - 1) {
    left = 2;
    right = EDGE_PAGES;
  }
  if (current >= count - (EDGE_PAGES - 2)) {
    left = count - EDGE_PAGES + 1;
    right = count - 1;
  }
  const items: PagerItem[] = [page(1)];
  if (left > 2) items.push({ type: 'jump-back', page: Math.max(1, current - PAGINATION_JUMP_PAGES) });
  for (let n = left; n <= right; n += 1) items.push(page(n));
  if (right < count - 1) {
    items.push({ type: 'jump-forward', page: Math.min(count, current + PAGINATION_JUMP_PAGES) });
  }
  items.push(page(count));
  return items;
}

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  totalCapped: boolean;
  onChange: (page: number, pageSize: number) => void;
  disabled?: boolean;
}

export function Pager({ page, pageSize, total, totalCapped, onChange, disabled = false }: PagerProps) {
  const { t } = useWidgetsTranslation();
  const count = pageCount(total, pageSize);
  const current = Math.min(Math.max(1, page), count);
  return (
    <nav aria-label={t('widgets.table.pagination')}>
      <Flex align="center" justify="flex-end" gap={8} wrap style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">
          {total === 1 && !totalCapped
            ? t('widgets.table.totalOne')
            : t('widgets.table.total', { total: formatTotal(total, totalCapped) })}
        </Typography.Text>
        <Flex gap={4} wrap>
          <Button
            size="small"
            icon={<LeftOutlined />}
            aria-label={t('widgets.table.previous')}
            disabled={disabled || current <= 1}
            onClick={() => onChange(current - 1, pageSize)}
          />
          {pagerItems(current, count).map((item) => {
            if (item.type === 'page') {
              const isCurrent = item.page === current;
              return (
                <Button
                  key={`page-${item.page}`}
                  size="small"
                  type={isCurrent ? 'primary' : 'default'}
                  aria-current={isCurrent ? 'page' : undefined}
                  aria-label={t('widgets.table.page', { page: item.page })}
                  disabled={disabled}
                  onClick={() => onChange(item.page, pageSize)}
                >
                  {item.page}
                </Button>
              );
            }
            const back = item.type === 'jump-back';
            return (
              <Button
                key={item.type}
                size="small"
                type="text"
                icon={back ? <DoubleLeftOutlined /> : <DoubleRightOutlined />}
                aria-label={
                  back
                    ? t('widgets.table.jumpBack', { count: PAGINATION_JUMP_PAGES })
                    : t('widgets.table.jumpForward', { count: PAGINATION_JUMP_PAGES })
                }
                disabled={disabled}
                onClick={() => onChange(item.page, pageSize)}
              />
            );
          })}
          <Button
            size="small"
            icon={<RightOutlined />}
            aria-label={t('widgets.table.next')}
            disabled={disabled || current >= count}
            onClick={() => onChange(current + 1, pageSize)}
          />
        </Flex>
        <Select
          size="small"
          aria-label={t('widgets.table.pageSizeLabel')}
          value={pageSize}
          disabled={disabled}
          style={{ minWidth: 96 }}
          options={PAGE_SIZE_OPTIONS.map((size) => ({
            value: size,
            label: t('widgets.table.pageSize', { size }),
          }))}
          onChange={(size: number) => onChange(1, size)}
        />
      </Flex>
    </nav>
  );
}
