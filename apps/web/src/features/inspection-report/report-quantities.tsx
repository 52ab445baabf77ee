import { Checkbox, Descriptions, Flex, Input, Table, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/number-field';
import { EMPTY } from '../../components/ref-labels';
import { type InspectionReportDetail, useUpdateReportQuantity } from './api';
import { FieldBox, ReportSection, Stepper } from './report-section';
import { classTexts, severityTexts } from './report-texts';
import type { ReportSave } from './use-report-saver';
import { useSectionDraft } from './use-report-saver';

type Line = { orderProductId: string; presentedQuantity: number | null; packedQuantity: number | null };

/** The units drawn set by hand, with its reason (it sends the approval to level 2). */
type Override = { sampleSize: number | null; reason: string };
type Quantities = { lines: Line[]; override: Override | null };

const quantitiesOf = (report: InspectionReportDetail): Quantities => ({
  lines: report.products.map((p) => ({
    orderProductId: p.orderProductId,
    presentedQuantity: p.presentedQuantity,
    packedQuantity: p.packedQuantity,
  })),
  override: report.sampling.override
    ? { sampleSize: report.sampling.override.sampleSize, reason: report.sampling.override.reason }
    : null,
});

const complete = ({ lines, override }: Quantities) =>
  lines.every((l) => Number.isInteger(l.presentedQuantity) && Number.isInteger(l.packedQuantity)) &&
  (override === null ||
    (Number.isInteger(override.sampleSize) &&
      (override.sampleSize ?? 0) >= 1 &&
      override.reason.trim() !== ''));

/** Presented and packed per product (presented ≤ applied, packed ≤ presented); the server recomputes the plan. */
export function QuantitiesSection({
  report,
  editable,
  save,
}: {
  report: InspectionReportDetail;
  editable: boolean;
  save: ReportSave;
}) {
  const { t } = useTranslation();
  const update = useUpdateReportQuantity();
  const send = useCallback(
    ({ lines, override }: Quantities) =>
      save((version) =>
        update.mutateAsync({
          id: report.id,
          version,
          products: lines.map((l) => ({
            orderProductId: l.orderProductId,
            presentedQuantity: l.presentedQuantity ?? 0,
            packedQuantity: l.packedQuantity ?? 0,
          })),
          ...(override
            ? { sampleSize: override.sampleSize ?? 1, sampleOverrideReason: override.reason.trim() }
            : { sampleSize: null }),
        }),
      ),
    [save, update.mutateAsync, report.id],
  );
  const { draft, setDraft, status } = useSectionDraft(quantitiesOf(report), send, complete, 'quantities');
  const setLine = (index: number, patch: Partial<Line>) =>
    setDraft({ ...draft, lines: draft.lines.map((l, i) => (i === index ? { ...l, ...patch } : l)) });
  const setOverride = (override: Override | null) => setDraft({ ...draft, override });

  return (
    <ReportSection
      id="quantities"
      title={t('inspection-report.quantities')}
      status={status}
      open
      readOnly={!editable}
    >
      <Flex vertical gap={12}>
        {report.products.map((product, index) => {
          const line = draft.lines[index];
          if (!line) return null;
          return (
            <Flex key={product.orderProductId} vertical gap={6} data-testid="inspection-report-product">
              <Typography.Text strong>
                {product.productNo} · {product.itemNo} — {product.name}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('inspection-report.applied')}: {product.applyQuantity.toLocaleString()}
              </Typography.Text>
              <Flex wrap gap={12}>
                <FieldBox label={t('inspection-report.presented')} style={{ flex: '1 1 150px' }}>
                  <Stepper
                    label={t('inspection-report.presented')}
                    testId={`inspection-report-presented-${index}`}
                    value={line.presentedQuantity}
                    max={product.applyQuantity}
                    disabled={!editable}
                    onChange={(v) => setLine(index, { presentedQuantity: v })}
                  />
                </FieldBox>
                <FieldBox label={t('inspection-report.packed')} style={{ flex: '1 1 150px' }}>
                  <Stepper
                    label={t('inspection-report.packed')}
                    testId={`inspection-report-packed-${index}`}
                    value={line.packedQuantity}
                    max={line.presentedQuantity ?? undefined}
                    disabled={!editable}
                    onChange={(v) => setLine(index, { packedQuantity: v })}
                  />
                </FieldBox>
              </Flex>
            </Flex>
          );
        })}
        {editable || draft.override ? (
          <Flex vertical gap={6} data-testid="inspection-report-override">
            <Checkbox
              checked={draft.override !== null}
              disabled={!editable}
              onChange={(e) =>
                setOverride(e.target.checked ? { sampleSize: report.sampleSize || null, reason: '' } : null)
              }
            >
              {t('inspection-report.overrideSample')}
            </Checkbox>
            {draft.override ? (
              <Flex wrap gap={12}>
                <FieldBox label={t('inspection-report.sampleSize')} style={{ flex: '0 1 150px' }}>
                  <NumberField
                    value={draft.override.sampleSize}
                    disabled={!editable}
                    aria-label={t('inspection-report.sampleSize')}
                    onChange={(v) => setOverride({ reason: draft.override?.reason ?? '', sampleSize: v })}
                  />
                </FieldBox>
                <FieldBox label={t('inspection-report.overrideReason')} style={{ flex: '1 1 200px' }}>
                  <Input
                    value={draft.override.reason}
                    maxLength={500}
                    disabled={!editable}
                    aria-label={t('inspection-report.overrideReason')}
                    status={editable && !draft.override.reason.trim() ? 'warning' : undefined}
                    onChange={(e) =>
                      setOverride({ sampleSize: draft.override?.sampleSize ?? null, reason: e.target.value })
                    }
                  />
                </FieldBox>
              </Flex>
            ) : null}
          </Flex>
        ) : null}
      </Flex>
    </ReportSection>
  );
}

/** The sample plan the server derived from the lot (ISO 2859-1): letter, units drawn, n Ac/Re per class. */
export function SamplingSection({ report }: { report: InspectionReportDetail }) {
  const { t } = useTranslation();
  const { sampling } = report;
  const plan = sampling.plan;
  const classes = plan ? (['critical', 'major', 'minor'] as const).map((c) => ({ key: c, ...plan[c] })) : [];
  return (
    <ReportSection id="sampling" title={t('inspection-report.sampling')} open>
      <Flex vertical gap={12} data-testid="inspection-report-plan">
        <Descriptions
          size="small"
          column={{ xs: 2, sm: 2, md: 4 }}
          items={[
            { key: 'level', label: t('inspection-report.level'), children: sampling.level },
            {
              key: 'aql',
              label: t('inspection-report.aql'),
              children: `${sampling.majorAql} / ${sampling.minorAql}`,
            },
            { key: 'letter', label: t('inspection-report.letter'), children: plan?.letter ?? EMPTY },
            {
              key: 'drawn',
              label: t('inspection-report.drawn'),
              children: (
                <span data-testid="inspection-report-drawn">
                  {plan ? plan.drawn.toLocaleString() : EMPTY}
                  {plan?.hundredPercent ? ` (${t('inspection-report.hundredPercent')})` : ''}
                </span>
              ),
            },
            {
              key: 'severity',
              label: t('inspection-report.severity'),
              children: plan ? severityTexts(t)[plan.severity] : EMPTY,
            },
            {
              key: 'quantity',
              label: t('inspection-report.quantity'),
              children: report.quantity.toLocaleString(),
            },
          ]}
        />
        {sampling.override ? (
          <Typography.Text type="warning">
            {t('inspection-report.override', { n: sampling.override.sampleSize })}: {sampling.override.reason}
          </Typography.Text>
        ) : null}
        {plan ? (
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={classes}
            columns={[
              {
                key: 'class',
                title: t('inspection-report.defectClass'),
                render: (_v, r) => classTexts(t)[r.key],
              },
              { key: 'n', title: 'n', dataIndex: 'n', align: 'right' },
              { key: 'ac', title: 'Ac', dataIndex: 'ac', align: 'right' },
              { key: 're', title: 'Re', dataIndex: 're', align: 'right' },
              {
                key: 'found',
                title: t('inspection-report.found'),
                align: 'right',
                render: (_v, r) => report[r.key],
              },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">{t('inspection-report.noPlan')}</Typography.Text>
        )}
      </Flex>
    </ReportSection>
  );
}
