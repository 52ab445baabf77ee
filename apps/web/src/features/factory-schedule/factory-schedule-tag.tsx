import { SCHEDULE_TYPE } from '@qcdesk/contract/factory-schedule';
import type { Language } from '@qcdesk/contract/messages';
import { Tag, Tooltip } from 'antd';
import { enumText, refName } from '../../components/ref-labels';
import { formatDate } from '../../lib/format';
import type { FactoryScheduleRow } from './api';

/** ScheduleType colours: production blue, packing purple, ready green, closure red. */
const COLORS: Record<number, string> = {
  [SCHEDULE_TYPE.production]: 'blue',
  [SCHEDULE_TYPE.packing]: 'purple',
  [SCHEDULE_TYPE.ready]: 'green',
  [SCHEDULE_TYPE.closure]: 'red',
};

/** What a row is, in a few words: its product no, or "Closed" for a closure. */
export function scheduleLabel(row: FactoryScheduleRow, closure: string): string {
  return row.orderProduct ? row.orderProduct.productNo : closure;
}

/** One schedule row as a small tag (type colour), its dates, factory and product in the tooltip. */
export function ScheduleTag({
  row,
  language,
  closure,
  withFactory = false,
}: {
  row: FactoryScheduleRow;
  language: Language;
  closure: string;
  withFactory?: boolean;
}) {
  const what = scheduleLabel(row, closure);
  const tip = [
    enumText('ScheduleType', row.type, language),
    refName(row.factory, language),
    row.orderProduct ? `${row.orderProduct.orderNo} | ${row.orderProduct.name}` : null,
    `${formatDate(row.startDate)} – ${formatDate(row.endDate)}`,
    row.quantity === null ? null : row.quantity.toLocaleString(),
    row.remark,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Tooltip title={tip}>
      <Tag
        color={COLORS[row.type] ?? 'default'}
        style={{ marginInlineEnd: 4, marginBottom: 2 }}
        data-schedule-type={row.type}
      >
        {withFactory ? `${refName(row.factory, language)} · ` : ''}
        {what}
      </Tag>
    </Tooltip>
  );
}
