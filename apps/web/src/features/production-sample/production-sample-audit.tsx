import {
  AUDIT_RESULTS,
  AUDIT_RESULTS_WITH_REMARK,
  PRODUCTION_SAMPLE_STATUS,
} from '@qcdesk/contract/production-sample';
import { Alert, Button, Card, Flex, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { notify } from '../../components/notify';
import { subheading } from '../../components/record/record-card';
import { markFieldError } from '../../components/record/use-record-form';
import { enumText } from '../../components/ref-labels';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { currentLanguage } from '../../i18n/i18n';
import { type ProductionSampleDetail, useAuditProductionSample, useInvalidateProductionSample } from './api';

interface AuditValues {
  auditResult?: number;
  auditRemark?: string;
}

/** DOMAIN.md §7.3: results 3 (improve) and 4 (unqualified, released) need a remark. */
export const needsRemark = (result: number | undefined) =>
  result !== undefined && (AUDIT_RESULTS_WITH_REMARK as readonly number[]).includes(result);

/**
 * The audit of a production sample (DOMAIN.md §4.7), for productionsample.audit: a registered sample
 * is audited (`audit/create`, 10 → 20); an audited one is re-audited (`audit/update`) after "Re-audit"
 * opens the form with its result.
 */
export function ProductionSampleAudit({ sample }: { sample: ProductionSampleDetail }) {
  const { t } = useTranslation();
  const session = useSession();
  const reaudit = sample.status === PRODUCTION_SAMPLE_STATUS.audited;
  const [open, setOpen] = useState(false);
  if (!hasPermission(session, 'productionsample.audit')) return null;
  if (sample.status !== PRODUCTION_SAMPLE_STATUS.registered && !reaudit) return null;
  return (
    <Card title={<h2 style={subheading}>{t('production-sample.audit')}</h2>}>
      {reaudit && !open ? (
        <Button onClick={() => setOpen(true)} data-testid="production-sample-reaudit">
          {t('production-sample.reaudit')}
        </Button>
      ) : (
        // A new form per version: a re-audit starts from the result just given.
        <AuditForm key={sample.version} sample={sample} reaudit={reaudit} onClose={() => setOpen(false)} />
      )}
    </Card>
  );
}

/** The result (1–4) and remark; a refusal about the remark (E_REQUIRED) marks the remark field. */
function AuditForm({
  sample,
  reaudit,
  onClose,
}: {
  sample: ProductionSampleDetail;
  reaudit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [form] = Form.useForm<AuditValues>();
  const guard = useLeaveGuard();
  const mutation = useAuditProductionSample(reaudit);
  const reload = useInvalidateProductionSample();
  const result = Form.useWatch('auditResult', form);
  const submit = (values: AuditValues) => {
    const remark = values.auditRemark?.trim();
    mutation.mutate(
      {
        id: sample.id,
        version: sample.version,
        auditResult: values.auditResult ?? 0,
        ...(remark ? { auditRemark: remark } : {}),
      },
      {
        onSuccess: () => {
          guard.settle();
          notify(
            'success',
            reaudit ? t('production-sample.reauditedDone') : t('production-sample.auditedDone'),
          );
          onClose();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          if (error.reason === 'E_VERSION') {
            notify('warning', error.message);
            reload();
            return;
          }
          markFieldError(form, error);
        },
      },
    );
  };

  return (
    <Form<AuditValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      onValuesChange={guard.change}
      initialValues={
        reaudit ? { auditResult: sample.auditResult, auditRemark: sample.auditRemark ?? '' } : {}
      }
      data-testid="production-sample-audit-form"
    >
      {mutation.isError && mutation.error && !mutation.error.field ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={mutation.error.message}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.Item
        name="auditResult"
        label={t('production-sample.auditResult')}
        rules={[{ required: true, message: t('production-sample.resultRequired') }]}
      >
        <Radio.Group
          options={AUDIT_RESULTS.map((code) => ({
            value: code,
            label: enumText('AuditResult', code, language),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="auditRemark"
        label={t('production-sample.auditRemark')}
        dependencies={['auditResult']}
        extra={t('production-sample.remarkHint')}
        rules={[
          { max: 1000 },
          ({ getFieldValue }) => ({
            required: needsRemark(getFieldValue('auditResult') as number | undefined),
            whitespace: true,
            message: t('production-sample.remarkRequired'),
          }),
        ]}
        required={needsRemark(result)}
      >
        <Input.TextArea rows={3} />
      </Form.Item>
      <Flex gap={8} justify="flex-end" wrap>
        {reaudit ? (
          <Button
            onClick={() => {
              guard.settle();
              form.resetFields();
              mutation.reset();
              onClose();
            }}
          >
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button
          type="primary"
          htmlType="submit"
          loading={mutation.isPending}
          data-testid="production-sample-audit-save"
        >
          {reaudit ? t('production-sample.reauditSubmit') : t('production-sample.auditSubmit')}
        </Button>
      </Flex>
    </Form>
  );
}
