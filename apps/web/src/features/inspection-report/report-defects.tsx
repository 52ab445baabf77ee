import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Input, Select, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigSelect } from '../../components/config-select';
import { enumOptions, type RefLike, refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { type InspectionReportDetail, useUpdateReport } from './api';
import { type ReportPhoto, ReportPhotoField, storedPhoto } from './report-photos';
import { ReportSection, Stepper } from './report-section';
import type { ReportSave } from './use-report-saver';
import { useSectionDraft } from './use-report-saver';

interface DefectLine {
  key: string;
  defectId: string | null;
  defect: RefLike | null;
  defectClass: number;
  qty: number | null;
  orderProductId: string | null;
  photos: ReportPhoto[];
  remark: string;
}

let lineSeq = 0;
const newKey = () => `new-${++lineSeq}`;

const linesOf = (report: InspectionReportDetail): DefectLine[] =>
  report.defects.map((d, i) => ({
    key: `${d.defect.id}-${i}`,
    defectId: d.defect.id,
    defect: d.defect,
    defectClass: d.defectClass,
    qty: d.qty,
    orderProductId: d.orderProductId,
    photos: d.photos.map(storedPhoto),
    remark: d.remark ?? '',
  }));

/** A line is sent once it names its defect and a quantity (and its product when there are several). */
const lineReady = (many: boolean) => (l: DefectLine) =>
  l.defectId !== null && Number.isInteger(l.qty) && (l.qty ?? 0) >= 1 && (!many || l.orderProductId !== null);

/** The defects found (§6.3): defect of the `defect` list, class, quantity, product, photos. */
export function DefectsSection({
  report,
  editable,
  save,
}: {
  report: InspectionReportDetail;
  editable: boolean;
  save: ReportSave;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const update = useUpdateReport();
  const many = report.products.length > 1;
  const ready = useCallback((lines: DefectLine[]) => lines.every(lineReady(many)), [many]);
  const send = useCallback(
    (lines: DefectLine[]) =>
      save((version) =>
        update.mutateAsync({
          id: report.id,
          version,
          defects: lines.map((l) => ({
            defectId: l.defectId ?? '',
            defectClass: l.defectClass as 1 | 2 | 3,
            qty: l.qty ?? 1,
            ...(l.orderProductId ? { orderProductId: l.orderProductId } : {}),
            photoIds: l.photos.map((p) => p.id),
            ...(l.remark.trim() ? { remark: l.remark.trim() } : {}),
          })),
        }),
      ),
    [save, update.mutateAsync, report.id],
  );
  const { draft, setDraft, status } = useSectionDraft(linesOf(report), send, ready, 'defects');
  const setLine = (key: string, patch: Partial<DefectLine>) =>
    setDraft(draft.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const add = () =>
    setDraft([
      ...draft,
      {
        key: newKey(),
        defectId: null,
        defect: null,
        defectClass: 3,
        qty: 1,
        orderProductId: many ? null : (report.products[0]?.orderProductId ?? null),
        photos: [],
        remark: '',
      },
    ]);

  return (
    <ReportSection
      id="defects"
      title={t('inspection-report.defects')}
      status={status}
      open
      readOnly={!editable}
    >
      <Flex vertical gap={12}>
        {draft.length === 0 ? <Empty description={t('inspection-report.noDefects')} /> : null}
        {draft.map((line, index) => (
          <Card
            key={line.key}
            size="small"
            data-testid="inspection-report-defect"
            title={`#${index + 1}`}
            extra={
              editable ? (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('inspection-report.removeDefect')}
                  data-testid="inspection-report-defect-remove"
                  onClick={() => setDraft(draft.filter((l) => l.key !== line.key))}
                />
              ) : null
            }
          >
            <Flex vertical gap={8}>
              {editable ? (
                <ConfigSelect<string | null>
                  list="defect"
                  aria-label={t('inspection-report.defect')}
                  placeholder={t('inspection-report.defect')}
                  known={line.defect ? [line.defect] : []}
                  value={line.defectId}
                  onChange={(v) => setLine(line.key, { defectId: v })}
                  style={{ width: '100%' }}
                />
              ) : (
                <Typography.Text strong>{line.defect ? refName(line.defect, language) : ''}</Typography.Text>
              )}
              <Flex wrap gap={8}>
                <Select
                  aria-label={t('inspection-report.defectClass')}
                  data-testid="inspection-report-defect-class"
                  style={{ flex: '1 1 120px' }}
                  disabled={!editable}
                  value={line.defectClass}
                  options={enumOptions('DefectClass', language)}
                  onChange={(v) => setLine(line.key, { defectClass: Number(v) })}
                />
                <Stepper
                  label={t('inspection-report.qty')}
                  testId="inspection-report-defect-qty"
                  value={line.qty}
                  disabled={!editable}
                  onChange={(v) => setLine(line.key, { qty: v })}
                />
              </Flex>
              {many ? (
                <Select
                  aria-label={t('inspection-report.product')}
                  placeholder={t('inspection-report.product')}
                  disabled={!editable}
                  value={line.orderProductId}
                  options={report.products.map((p) => ({ value: p.orderProductId, label: p.productNo }))}
                  onChange={(v) => setLine(line.key, { orderProductId: v })}
                />
              ) : null}
              <ReportPhotoField
                value={line.photos}
                disabled={!editable}
                maxCount={20}
                onChange={(photos) => setLine(line.key, { photos })}
              />
              <Input
                placeholder={t('inspection-report.remark')}
                aria-label={t('inspection-report.remark')}
                disabled={!editable}
                value={line.remark}
                maxLength={500}
                onChange={(e) => setLine(line.key, { remark: e.target.value })}
              />
            </Flex>
          </Card>
        ))}
        {editable ? (
          <Button icon={<PlusOutlined />} block onClick={add} data-testid="inspection-report-defect-add">
            {t('inspection-report.addDefect')}
          </Button>
        ) : null}
      </Flex>
    </ReportSection>
  );
}
