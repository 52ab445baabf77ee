import { formatMessage } from '@qcdesk/contract/messages';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { subheading } from '../../components/record/record-card';
import { currentLanguage } from '../../i18n/i18n';
import { isQueuedAnswer } from '../../offline/use-offline';
import type { SuperviseReportDetail } from './api';
import { CheckpointEditor } from './supervise-checkpoints';
import { containerNoTyped, type SubmitProblem } from './supervise-logic';
import { SuperviseProductsEditor } from './supervise-products';
import type { SuperviseEditor as EditorState } from './use-supervise-editor';

/** Save stays at the bottom of the screen while the inspector scrolls the checkpoints. */
const STICKY = {
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  padding: '8px 0',
  background: 'var(--ant-color-bg-layout, #f5f5f5)',
} as const;

/** One line of what a submit still misses, in the UI language. */
function ProblemText({ problem }: { problem: SubmitProblem }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  switch (problem.kind) {
    case 'containerMissing':
      return t('supervise-report.containerMissing');
    case 'containerBad':
      return formatMessage('E_CONTAINER_NO', language, { value: problem.value });
    case 'sealMissing':
      return t('supervise-report.sealMissing');
    case 'cartonsMissing':
      return t('supervise-report.cartonsMissing', { name: problem.name });
    case 'checkpointOpen':
      return formatMessage('E_SR_CHECKPOINT', language, { name: problem.name });
    case 'photoMissing':
      return formatMessage('E_SR_PHOTO', language, { name: problem.name });
  }
}

/**
 * The loading report as its holder fills it on a phone (DOMAIN.md §2.7): the container (its no
 * checked against ISO 6346 as typed), the seal, the cartons loaded per product, the checkpoints
 * with their results, remarks and photos; Save at the bottom, within the thumb's reach. What a
 * submit still misses is listed above the Save button.
 */
export function SuperviseEditor({ report, editor }: { report: SuperviseReportDetail; editor: EditorState }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { form } = editor;
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={editor.initial}
      onValuesChange={() => editor.changed()}
      data-testid="supervise-report-editor"
      data-form-lines=""
    >
      <Flex vertical gap={16}>
        <Card title={<h2 style={subheading}>{t('supervise-report.container')}</h2>}>
          <Row gutter={12}>
            <Col xs={24} md={8}>
              <Form.Item
                name="containerNo"
                label={t('supervise-report.containerNo')}
                validateTrigger={['onChange', 'onBlur']}
                extra={t('supervise-report.containerNoHint')}
                rules={[
                  {
                    validator: async (_rule, value: string | null | undefined) => {
                      if (!containerNoTyped(value))
                        throw new Error(formatMessage('E_CONTAINER_NO', language, { value: value ?? '' }));
                    },
                  },
                ]}
              >
                <Input
                  maxLength={20}
                  autoCapitalize="characters"
                  autoComplete="off"
                  inputMode="text"
                  data-testid="supervise-report-container-no"
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="sealNo" label={t('supervise-report.sealNo')}>
                <Input maxLength={30} autoComplete="off" data-testid="supervise-report-seal-no" />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="containerType" label={t('supervise-report.containerType')}>
                <Input maxLength={10} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={t('supervise-report.remark')} style={{ marginBottom: 0 }}>
                <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <SuperviseProductsEditor report={report} />
        <CheckpointEditor report={report} />
        <Flex vertical gap={8} id="supervise-report-problems">
          {editor.problems.length ? (
            <Alert
              type="warning"
              showIcon
              data-testid="supervise-report-problems"
              title={t('supervise-report.notReady')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {editor.problems.map((problem) => (
                    <li key={`${problem.kind}-${'name' in problem ? problem.name : ''}`}>
                      <ProblemText problem={problem} />
                    </li>
                  ))}
                </ul>
              }
            />
          ) : null}
          {editor.refusal ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={editor.refusal}
              data-testid="supervise-report-refusal"
            />
          ) : null}
          <Typography.Text type="secondary" data-testid="supervise-report-save-hint">
            {editor.queued ? t('supervise-report.queuedHint') : t('supervise-report.saveHint')}
          </Typography.Text>
        </Flex>
        <div style={STICKY}>
          <Button
            block
            size="large"
            type="primary"
            ghost
            loading={editor.saving}
            onClick={() =>
              void editor
                .save()
                .then((saved) =>
                  notify(
                    'success',
                    isQueuedAnswer(saved)
                      ? t('supervise-report.savedOffline')
                      : t('supervise-report.savedDone'),
                  ),
                )
                .catch(() => undefined)
            }
            data-testid="supervise-report-save"
          >
            {t('supervise-report.save')}
          </Button>
        </div>
      </Flex>
    </Form>
  );
}
