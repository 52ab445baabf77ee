import { Card, Flex, List, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailLoadFailed, DetailLoading } from '../../components/detail-states';
import { FULL_ROW, RecordCard, subheading } from '../../components/record/record-card';
import { RecordLink } from '../../components/record/record-link';
import { EMPTY, enumText, refName, userDisplayName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import { type InspectionTaskDetail, useInspectionTask } from './api';
import { factoryAddress, TaskStatusTag } from './inspection-task-columns';
import { TaskReports } from './inspection-task-reports';

const preWrap = { whiteSpace: 'pre-wrap' } as const;

/** The items to inspect and their quantities: a list on a phone, a table on wider screens. */
function TaskItems({ task }: { task: InspectionTaskDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useIsPhone();
  const quantity = (item: InspectionTaskDetail['items'][number]) =>
    `${item.applyQuantity.toLocaleString()} ${enumText('QuantityUnit', item.quantityUnit, language)}`;
  return (
    <Card
      title={<h2 style={subheading}>{t('inspection-task.items')}</h2>}
      data-testid="inspection-task-items"
    >
      {phone ? (
        <List
          size="small"
          dataSource={task.items}
          renderItem={(item) => (
            <List.Item key={item.orderProductId} extra={<strong>{quantity(item)}</strong>}>
              <List.Item.Meta title={`${item.productNo} · ${item.itemNo}`} description={item.name} />
            </List.Item>
          )}
        />
      ) : (
        <Table
          size="small"
          rowKey="orderProductId"
          pagination={false}
          dataSource={task.items}
          columns={[
            { key: 'productNo', title: t('inspection-task.productNo'), dataIndex: 'productNo' },
            { key: 'itemNo', title: t('inspection-task.itemNo'), dataIndex: 'itemNo' },
            { key: 'name', title: t('inspection-task.productName'), dataIndex: 'name' },
            {
              key: 'quantity',
              title: t('inspection-task.quantity'),
              align: 'right',
              render: (_v, item) => quantity(item),
            },
          ]}
        />
      )}
    </Card>
  );
}

function TaskView({ task }: { task: InspectionTaskDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="inspection-task-detail"
        title={task.taskNo}
        tags={<TaskStatusTag status={task.status} language={language} />}
        actions={null}
        items={[
          { key: 'taskDate', label: t('inspection-task.taskDate'), children: formatDate(task.taskDate) },
          {
            key: 'inspectionType',
            label: t('inspection-task.inspectionType'),
            children: refName(task.inspectionType, language),
          },
          { key: 'factory', label: t('inspection-task.factory'), children: refName(task.factory, language) },
          {
            key: 'address',
            label: t('inspection-task.address'),
            children: factoryAddress(task.factory, language),
          },
          {
            key: 'contacts',
            label: t('inspection-task.contacts'),
            span: FULL_ROW,
            children: task.factoryContacts.length ? (
              <Flex vertical gap={4} data-testid="inspection-task-contacts">
                {task.factoryContacts.map((c) => (
                  <span key={`${c.name}:${c.phone ?? ''}:${c.email ?? ''}`}>
                    {c.name}
                    {c.phone ? (
                      <>
                        {' · '}
                        <a href={`tel:${c.phone}`}>{c.phone}</a>
                      </>
                    ) : null}
                    {c.email ? (
                      <>
                        {' · '}
                        <a href={`mailto:${c.email}`}>{c.email}</a>
                      </>
                    ) : null}
                  </span>
                ))}
              </Flex>
            ) : (
              EMPTY
            ),
          },
          { key: 'client', label: t('inspection-task.client'), children: task.client?.name ?? EMPTY },
          { key: 'orderNo', label: t('inspection-task.orderNo'), children: task.orderNo ?? EMPTY },
          {
            key: 'plan',
            label: t('inspection-task.planNo'),
            children: (
              <RecordLink route="InspectionPlan" to={`inspection/plan?id=${task.planId}`}>
                {task.planNo}
              </RecordLink>
            ),
          },
          { key: 'applyNo', label: t('inspection-task.applyNo'), children: task.applyNo ?? EMPTY },
          {
            key: 'inspectors',
            label: t('inspection-task.inspector'),
            children: [task.inspector, ...task.assistants]
              .map((u) => userDisplayName(u, language))
              .join(', '),
          },
          {
            key: 'reportBaseNo',
            label: t('inspection-task.reportBaseNo'),
            children: task.reportBaseNo ?? EMPTY,
          },
          {
            key: 'requirement',
            label: t('inspection-task.requirement'),
            span: FULL_ROW,
            children: (
              <span style={preWrap} data-testid="inspection-task-requirement">
                {task.inspectionRequirement ?? t('inspection-task.noRequirement')}
              </span>
            ),
          },
        ]}
      />
      <TaskItems task={task} />
      <TaskReports task={task} />
    </Flex>
  );
}

/** A task (`inspection/task?id=`): what the inspector needs on site. */
export function InspectionTaskDetailPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useInspectionTask(id);
  if (query.isPending) return <DetailLoading />;
  if (query.isError)
    return (
      <DetailLoadFailed
        title={t('inspection-task.loadFailed')}
        message={query.error.message}
        backTo={`/${currentLanguage()}/inspection/task`}
        backLabel={t('common.backToList')}
      />
    );
  return <TaskView task={query.data.data} />;
}
