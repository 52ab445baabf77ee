import { APPLY_TYPE } from '@qcdesk/contract/inspection-apply';
import { Card, Checkbox, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumText, refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import type { BoardApplication, PlanBoard } from './api';

const dateHeading = { fontSize: 13, fontWeight: 600, margin: '8px 0 4px' } as const;

/** One application as a line: apply no, order no, inspection type, quantity, expected and delivery dates. */
export function ApplicationText({ apply }: { apply: BoardApplication }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const late = apply.deliveryDate !== null && apply.expectedDate > apply.deliveryDate;
  return (
    <span>
      <strong>{apply.applyNo}</strong> · {apply.orderNo} · {refName(apply.inspectionType, language)} ·{' '}
      {t('inspection-plan.quantityItems', {
        quantity: apply.quantity.toLocaleString(),
        items: apply.itemCount,
      })}
      {apply.deliveryDate ? ` · ${t('inspection-plan.delivery')} ${formatDate(apply.deliveryDate)}` : ''}
      {apply.applyType !== APPLY_TYPE.normal ? (
        <Tag color={apply.applyType === APPLY_TYPE.urgent ? 'red' : 'blue'} style={{ marginInlineStart: 6 }}>
          {enumText('ApplyType', apply.applyType, language)}
        </Tag>
      ) : null}
      {late ? (
        <Tag color="orange" style={{ marginInlineStart: 6 }}>
          {t('inspection-plan.afterDelivery')}
        </Tag>
      ) : null}
    </span>
  );
}

/**
 * The board's left side: open applications (20) grouped by factory and expected date, each a
 * checkbox (keyboard: Tab and Space). Ticking one of another factory starts that factory's selection.
 */
export function BoardApplications({
  factories,
  selected,
  onToggle,
  readOnly = false,
}: {
  factories: PlanBoard['factories'];
  selected: readonly string[];
  onToggle: (apply: BoardApplication, factoryId: string) => void;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (factories.length === 0) return <Empty description={t('inspection-plan.noOpenApplications')} />;
  return (
    <Flex vertical gap={12} data-testid="plan-board-applications">
      {factories.map(({ factory, days }) => (
        <Card key={factory.id} size="small" title={refName(factory, language)}>
          {days.map(({ date, applications }) => (
            <div key={date}>
              <h3 style={dateHeading}>
                {t('inspection-plan.expected')} {formatDate(date)}
              </h3>
              <Flex vertical gap={4}>
                {applications.map((apply) =>
                  readOnly ? (
                    <Typography.Text key={apply.id}>
                      <ApplicationText apply={apply} />
                    </Typography.Text>
                  ) : (
                    <Checkbox
                      key={apply.id}
                      checked={selected.includes(apply.id)}
                      onChange={() => onToggle(apply, factory.id)}
                      data-testid={`plan-board-apply-${apply.id}`}
                    >
                      <ApplicationText apply={apply} />
                    </Checkbox>
                  ),
                )}
              </Flex>
            </div>
          ))}
        </Card>
      ))}
    </Flex>
  );
}
