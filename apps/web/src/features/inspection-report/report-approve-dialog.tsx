import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { Alert, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { GuardedModal } from '../../components/guarded-modal';
import { notify } from '../../components/notify';
import { enumText } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { type InspectionReportDetail, useApproveReport } from './api';
import { approvalNeedsReason, PRE_RESULTS } from './report-logic';

interface Values {
  result: number;
  reason?: string;
  resultRemark?: string;
}

/**
 * Approve (§4.4): the result (default the pre-result), a reason when it is better than the computed
 * verdict or than the pre-result, and a remark. The server decides whether level 2 follows.
 */
export function ApproveDialog({
  report,
  onClose,
  onStale,
}: {
  report: InspectionReportDetail;
  onClose: () => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const approve = useApproveReport();
  const [form] = Form.useForm<Values>();
  const chosen = Form.useWatch('result', form) ?? report.preResult ?? report.computed.result;
  const needsReason = approvalNeedsReason(chosen, report.computed.result, report.preResult);
  const levelTwo = report.status === INSPECTION_REPORT_STATUS.levelTwo;

  const finish = async (values: Values) => {
    try {
      const saved = await approve.mutateAsync({
        id: report.id,
        version: report.version,
        ...(levelTwo ? {} : { result: values.result as 1 }),
        ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}),
        ...(values.resultRemark?.trim() ? { resultRemark: values.resultRemark.trim() } : {}),
      });
      notify(
        'success',
        saved.status === INSPECTION_REPORT_STATUS.levelTwo
          ? t('inspection-report.escalatedDone')
          : t('inspection-report.approvedDone'),
      );
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.reason === 'E_VERSION') {
        onStale();
        onClose();
      }
      notify('error', error.message);
    }
  };

  return (
    <GuardedModal
      open
      title={t('inspection-report.approveTitle', { reportNo: report.reportNo })}
      okText={t('inspection-report.approve')}
      okButtonProps={{ loading: approve.isPending, ...{ 'data-testid': 'inspection-report-approve-ok' } }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {levelTwo ? (
        <Alert
          type="info"
          showIcon
          title={t('inspection-report.levelTwoHint')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          result: report.preResult || report.computed.result,
          resultRemark: report.resultRemark ?? '',
        }}
        onFinish={(values) => void finish(values)}
      >
        <Form.Item name="result" label={t('inspection-report.result')} rules={[{ required: true }]}>
          <Select
            disabled={levelTwo}
            data-testid="inspection-report-approve-result"
            options={PRE_RESULTS.map((r) => ({ value: r, label: enumText('InspectionResult', r, language) }))}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('inspection-report.approveReason')}
          extra={needsReason ? t('inspection-report.reasonNeeded') : undefined}
          rules={[{ required: needsReason && !levelTwo, whitespace: true }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={1000}
            data-testid="inspection-report-approve-reason"
          />
        </Form.Item>
        <Form.Item name="resultRemark" label={t('inspection-report.resultRemark')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={2000} />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}
