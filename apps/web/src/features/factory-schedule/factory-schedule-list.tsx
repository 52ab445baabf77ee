import { EditOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-dialog';
import { notify } from '../../components/notify';
import { EMPTY, enumText, refName } from '../../components/ref-labels';
import { RemoveButton } from '../../components/remove-button';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import { type FactoryScheduleRow, useSchedules, useUpdateSchedule } from './api';
import { monthRange } from './factory-schedule-days';
import { scheduleLabel } from './factory-schedule-tag';

/**
 * The schedule list (`config/factory/schedule`): the rows of the month (of one factory, or of all), each modified in the drawer or deleted (valid 0, confirmed); the
 * last deleted row can be brought back (valid 1).
 */
export function FactoryScheduleList({
  month,
  factoryId,
  mayEdit,
  onEdit,
}: {
  month: string;
  factoryId: string | null;
  mayEdit: boolean;
  onEdit: (row: FactoryScheduleRow) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [confirm, holder] = useConfirm();
  const update = useUpdateSchedule();
  const [deleted, setDeleted] = useState<FactoryScheduleRow | null>(null);
  const query = useSchedules({
    ...monthRange(month),
    ...(factoryId ? { factoryId } : {}),
  });
  const closure = t('factory-schedule.closure');
  const remove = async (row: FactoryScheduleRow) => {
    if (
      !(await confirm({
        title: t('factory-schedule.deleteConfirm'),
        content: scheduleLabel(row, closure),
        danger: true,
      }))
    )
      return;
    const answer = await update.mutateAsync({ id: row.id, version: row.version, valid: 0 }).catch(() => null);
    if (!answer) return;
    setDeleted(answer);
    notify('success', t('factory-schedule.deletedDone'));
  };
  const undelete = async (row: FactoryScheduleRow) => {
    const answer = await update.mutateAsync({ id: row.id, version: row.version, valid: 1 }).catch(() => null);
    if (!answer) return;
    setDeleted(null);
    notify('success', t('factory-schedule.undeletedDone'));
  };
  if (query.isPending) return <Spin />;
  return (
    <Flex vertical gap={12}>
      {holder}
      {deleted ? (
        <Alert
          type="warning"
          showIcon
          title={t('factory-schedule.deletedNotice', { what: scheduleLabel(deleted, closure) })}
          action={
            <Button
              size="small"
              icon={<UndoOutlined />}
              onClick={() => void undelete(deleted)}
              data-testid="factory-schedule-undelete"
            >
              {t('factory-schedule.undelete')}
            </Button>
          }
        />
      ) : null}
      <Table<FactoryScheduleRow>
        size="small"
        rowKey="id"
        scroll={{ x: 'max-content' }}
        dataSource={query.data?.list ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        data-testid="factory-schedule-list"
        columns={[
          {
            key: 'factory',
            title: t('factory-schedule.factory'),
            render: (_v, r) => refName(r.factory, language),
          },
          {
            key: 'type',
            title: t('factory-schedule.type'),
            render: (_v, r) => enumText('ScheduleType', r.type, language),
          },
          {
            key: 'product',
            title: t('factory-schedule.product'),
            render: (_v, r) =>
              r.orderProduct ? `${r.orderProduct.productNo} · ${r.orderProduct.orderNo}` : EMPTY,
          },
          {
            key: 'start',
            title: t('factory-schedule.startDate'),
            render: (_v, r) => formatDate(r.startDate),
          },
          { key: 'end', title: t('factory-schedule.endDate'), render: (_v, r) => formatDate(r.endDate) },
          {
            key: 'quantity',
            title: t('factory-schedule.quantity'),
            align: 'right',
            render: (_v, r) => (r.quantity === null ? EMPTY : r.quantity.toLocaleString()),
          },
          { key: 'remark', title: t('factory-schedule.remark'), render: (_v, r) => r.remark ?? EMPTY },
          ...(mayEdit
            ? [
                {
                  key: 'actions',
                  title: t('factory-schedule.actions'),
                  render: (_v: unknown, r: FactoryScheduleRow) => (
                    <Flex gap={4}>
                      <Button
                        size="small"
                        type="text"
                        icon={<EditOutlined />}
                        aria-label={t('factory-schedule.editTitle')}
                        onClick={() => onEdit(r)}
                      />
                      <RemoveButton
                        size="small"
                        label={t('factory-schedule.delete')}
                        onClick={() => void remove(r)}
                      />
                    </Flex>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Flex>
  );
}
