import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { INSPECTION_RESULT } from '@qcdesk/contract/inspection-apply';
import { FORCE_UNITS } from '@qcdesk/contract/inspection-report';
import { Button, Card, Empty, Flex, Input, Select, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/number-field';
import { enumOptions, enumText, refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { type InspectionReportDetail, type ReportUpdateInput, useUpdateReport } from './api';
import { ReportSection } from './report-section';
import type { ReportSave } from './use-report-saver';
import { useSectionDraft } from './use-report-saver';

type Update = ReportUpdateInput;

function useUpdate(report: InspectionReportDetail, save: ReportSave) {
  const update = useUpdateReport();
  return useCallback(
    (patch: Omit<Update, 'id' | 'version'>) =>
      save((version) => update.mutateAsync({ id: report.id, version, ...patch } as Update)),
    [save, update.mutateAsync, report.id],
  );
}

type Safety = { inspectionTestId: string; name: string; result: number; value: string };

/** The client's required safety tests, each with its result (§7.3: none left "not done" at submit). */
export function SafetyTestsSection({
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
  const stored = new Map(report.safetyTests.map((s) => [s.inspectionTest.id, s]));
  const tests = [
    ...report.requiredSafetyTests,
    ...report.safetyTests
      .map((s) => s.inspectionTest)
      .filter((s) => !report.requiredSafetyTests.some((r) => r.id === s.id)),
  ];
  const server: Safety[] = tests.map((test) => ({
    inspectionTestId: test.id,
    name: refName(test, language),
    result: stored.get(test.id)?.result ?? 0,
    value: stored.get(test.id)?.value ?? '',
  }));
  const write = useUpdate(report, save);
  const send = useCallback(
    (rows: Safety[]) =>
      write({
        safetyTests: rows.map((r) => ({
          inspectionTestId: r.inspectionTestId,
          result: r.result as 0,
          ...(r.value.trim() ? { value: r.value.trim() } : {}),
        })),
      }),
    [write],
  );
  const { draft, setDraft, status } = useSectionDraft(server, send, undefined, 'safetyTests');
  if (tests.length === 0) return null;
  return (
    <ReportSection
      id="safety"
      title={t('inspection-report.safetyTests')}
      status={status}
      readOnly={!editable}
    >
      <Flex vertical gap={10}>
        {draft.map((row, index) => (
          <Flex
            key={row.inspectionTestId}
            wrap
            gap={8}
            align="center"
            data-testid="inspection-report-safety-test"
          >
            <Typography.Text strong style={{ flex: '1 1 100%' }}>
              {row.name}
            </Typography.Text>
            <Select
              style={{ flex: '1 1 140px' }}
              aria-label={`${row.name}: ${t('inspection-report.result')}`}
              disabled={!editable}
              value={row.result}
              options={enumOptions('InspectionTestResult', language)}
              onChange={(v) => setDraft(draft.map((r, i) => (i === index ? { ...r, result: Number(v) } : r)))}
            />
            <Input
              style={{ flex: '1 1 140px' }}
              placeholder={t('inspection-report.value')}
              aria-label={`${row.name}: ${t('inspection-report.value')}`}
              disabled={!editable}
              maxLength={100}
              value={row.value}
              onChange={(e) =>
                setDraft(draft.map((r, i) => (i === index ? { ...r, value: e.target.value } : r)))
              }
            />
          </Flex>
        ))}
      </Flex>
    </ReportSection>
  );
}

const SECTION_TYPES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
type SectionRow = { sectionType: number; result: number; remark: string; remarkIds: string[] };

/** The report's sections (quantity, packaging, marking, …) each with a result and a remark. */
export function SectionsSection({
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
  const stored = new Map(report.sections.map((s) => [s.sectionType, s]));
  const server: SectionRow[] = SECTION_TYPES.map((type) => ({
    sectionType: type,
    result: stored.get(type)?.result ?? 0,
    remark: stored.get(type)?.remark ?? '',
    remarkIds: stored.get(type)?.remarkIds ?? [],
  }));
  const write = useUpdate(report, save);
  const send = useCallback(
    (rows: SectionRow[]) =>
      write({
        sections: rows
          .filter((r) => r.result !== INSPECTION_RESULT.empty || r.remark.trim() || r.remarkIds.length)
          .map((r) => ({
            sectionType: r.sectionType as 1,
            result: r.result as 0,
            remarkIds: r.remarkIds,
            ...(r.remark.trim() ? { remark: r.remark.trim() } : {}),
          })),
      }),
    [write],
  );
  const { draft, setDraft, status } = useSectionDraft(server, send, undefined, 'sections');
  const results = enumOptions('InspectionResult', language).filter((o) => Number(o.value) <= 4);
  return (
    <ReportSection
      id="sections"
      title={t('inspection-report.sections')}
      status={status}
      readOnly={!editable}
      empty={report.sections.length === 0}
    >
      <Flex vertical gap={10}>
        {draft.map((row, index) => (
          <Flex key={row.sectionType} wrap gap={8} align="center" data-testid="inspection-report-section-row">
            <Typography.Text strong style={{ flex: '0 0 140px' }}>
              {enumText('InspectionResultType', row.sectionType, language)}
            </Typography.Text>
            <Select
              style={{ flex: '1 1 140px' }}
              aria-label={enumText('InspectionResultType', row.sectionType, language)}
              disabled={!editable}
              value={row.result}
              options={results}
              onChange={(v) => setDraft(draft.map((r, i) => (i === index ? { ...r, result: Number(v) } : r)))}
            />
            <Input
              style={{ flex: '2 1 200px' }}
              placeholder={t('inspection-report.remark')}
              disabled={!editable}
              maxLength={2000}
              value={row.remark}
              onChange={(e) =>
                setDraft(draft.map((r, i) => (i === index ? { ...r, remark: e.target.value } : r)))
              }
            />
          </Flex>
        ))}
      </Flex>
    </ReportSection>
  );
}

type Pull = {
  key: string;
  tensionType: number;
  force: number | null;
  forceUnit: (typeof FORCE_UNITS)[number];
  holdSeconds: number | null;
  result: number;
};
let pullSeq = 0;

/** Pull tests: type, force, hold time and result per line. */
export function PullTestsSection({
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
  const server: Pull[] = report.pullTests.map((p, i) => ({
    key: `stored-${i}`,
    tensionType: p.tensionType,
    force: p.force,
    forceUnit: p.forceUnit as Pull['forceUnit'],
    holdSeconds: p.holdSeconds,
    result: p.result,
  }));
  const write = useUpdate(report, save);
  const send = useCallback(
    (rows: Pull[]) =>
      write({
        pullTests: rows.map((r) => ({
          tensionType: r.tensionType as 1,
          force: r.force ?? 0,
          forceUnit: r.forceUnit,
          holdSeconds: r.holdSeconds ?? 10,
          result: r.result as 0,
        })),
      }),
    [write],
  );
  const ready = useCallback(
    (rows: Pull[]) => rows.every((r) => typeof r.force === 'number' && r.force >= 0),
    [],
  );
  const { draft, setDraft, status } = useSectionDraft(server, send, ready, 'pullTests');
  const set = (key: string, patch: Partial<Pull>) =>
    setDraft(draft.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <ReportSection
      id="pull"
      title={t('inspection-report.pullTests')}
      status={status}
      readOnly={!editable}
      empty={report.pullTests.length === 0}
    >
      <Flex vertical gap={10}>
        {draft.length === 0 ? <Empty description={t('inspection-report.noPullTests')} /> : null}
        {draft.map((row) => (
          <Card key={row.key} size="small">
            <Flex wrap gap={8}>
              <Select
                style={{ flex: '1 1 140px' }}
                aria-label={t('inspection-report.tensionType')}
                disabled={!editable}
                value={row.tensionType}
                options={enumOptions('TensionType', language)}
                onChange={(v) => set(row.key, { tensionType: Number(v) })}
              />
              <NumberField
                style={{ flex: '1 1 80px', width: 'auto' }}
                precision={2}
                aria-label={t('inspection-report.force')}
                placeholder={t('inspection-report.force')}
                disabled={!editable}
                value={row.force}
                onChange={(v) => set(row.key, { force: v })}
              />
              <Select
                style={{ flex: '0 0 90px' }}
                disabled={!editable}
                value={row.forceUnit}
                options={FORCE_UNITS.map((u) => ({ value: u, label: u }))}
                onChange={(v) => set(row.key, { forceUnit: v })}
              />
              <Select
                style={{ flex: '1 1 120px' }}
                aria-label={t('inspection-report.result')}
                disabled={!editable}
                value={row.result}
                options={enumOptions('InspectionTestResult', language)}
                onChange={(v) => set(row.key, { result: Number(v) })}
              />
              {editable ? (
                <Button
                  danger
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('inspection-report.removeLine')}
                  onClick={() => setDraft(draft.filter((r) => r.key !== row.key))}
                />
              ) : null}
            </Flex>
          </Card>
        ))}
        {editable ? (
          <Button
            block
            icon={<PlusOutlined />}
            onClick={() =>
              setDraft([
                ...draft,
                {
                  key: `new-${++pullSeq}`,
                  tensionType: 1,
                  force: null,
                  forceUnit: 'N',
                  holdSeconds: 10,
                  result: 0,
                },
              ])
            }
          >
            {t('inspection-report.addPullTest')}
          </Button>
        ) : null}
      </Flex>
    </ReportSection>
  );
}
