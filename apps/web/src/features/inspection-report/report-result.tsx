import { Alert, Flex, Input, Select, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { enumText } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { type InspectionReportDetail, useSetPreResult } from './api';
import { InspectionResultTag } from './inspection-report-columns';
import { codeText, PRE_RESULTS, resultNeedsRemark } from './report-logic';
import { FieldBox, ReportSection } from './report-section';
import type { ReportSave } from './use-report-saver';
import { useSectionDraft } from './use-report-saver';

type Pre = { preResult: number | null; resultRemark: string };

/** The verdict the server computes from the counts and tests, with its reasons in words. */
export function ComputedVerdict({
  report,
  labelled = true,
}: {
  report: InspectionReportDetail;
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Flex vertical gap={4} data-testid="inspection-report-computed">
      <span>
        {labelled ? `${t('inspection-report.computed')}: ` : null}
        <InspectionResultTag
          result={report.computed.result}
          language={language}
          testId="inspection-report-computed-result"
        />
      </span>
      {report.computed.reasons.length ? (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {report.computed.reasons.map((code) => (
            <li key={code} data-testid="inspection-report-reason">
              {codeText('reasons', code, t)}
            </li>
          ))}
        </ul>
      ) : null}
    </Flex>
  );
}

/** The result part: the computed verdict, and the inspector's pre-result with its remark (R for 2–6). */
export function ResultSection({
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
  const setPre = useSetPreResult();
  const send = useCallback(
    (v: Pre) =>
      save((version) =>
        setPre.mutateAsync({
          id: report.id,
          version,
          preResult: (v.preResult ?? 1) as 1,
          ...(v.resultRemark.trim() ? { resultRemark: v.resultRemark.trim() } : {}),
        }),
      ),
    [save, setPre.mutateAsync, report.id],
  );
  const ready = useCallback(
    (v: Pre) => v.preResult !== null && (!resultNeedsRemark(v.preResult) || v.resultRemark.trim() !== ''),
    [],
  );
  const server: Pre = { preResult: report.preResult || null, resultRemark: report.resultRemark ?? '' };
  const { draft, setDraft, status } = useSectionDraft(server, send, ready, 'result');
  const remarkMissing =
    draft.preResult !== null && resultNeedsRemark(draft.preResult) && !draft.resultRemark.trim();
  return (
    <ReportSection
      id="result"
      title={t('inspection-report.resultPart')}
      status={status}
      open
      readOnly={!editable}
    >
      <Flex vertical gap={12}>
        <ComputedVerdict report={report} />
        <FieldBox label={t('inspection-report.preResult')}>
          <Select<number>
            style={{ width: '100%' }}
            data-testid="inspection-report-pre-result"
            disabled={!editable}
            value={draft.preResult ?? undefined}
            placeholder={t('inspection-report.preResult')}
            options={PRE_RESULTS.map((r) => ({ value: r, label: enumText('InspectionResult', r, language) }))}
            onChange={(v) => setDraft({ ...draft, preResult: v })}
          />
        </FieldBox>
        <FieldBox label={t('inspection-report.resultRemark')}>
          <Input.TextArea
            rows={3}
            maxLength={2000}
            disabled={!editable}
            data-testid="inspection-report-result-remark"
            value={draft.resultRemark}
            status={remarkMissing ? 'error' : undefined}
            onChange={(e) => setDraft({ ...draft, resultRemark: e.target.value })}
          />
        </FieldBox>
        {remarkMissing && editable ? (
          <Typography.Text type="danger">{t('inspection-report.remarkNeeded')}</Typography.Text>
        ) : null}
        {report.rejectReason ? (
          <Alert
            type="warning"
            showIcon
            title={`${t('inspection-report.rejectReason')}: ${report.rejectReason}`}
          />
        ) : null}
      </Flex>
    </ReportSection>
  );
}
