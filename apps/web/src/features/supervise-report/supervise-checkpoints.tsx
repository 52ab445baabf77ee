import { CHECKPOINT_RESULT, SUPERVISE_PHOTOS_MAX } from '@qcdesk/contract/supervise-report';
import { Card, Col, Flex, Form, Input, Radio, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type BadgeTones, EnumBadge } from '../../components/enum-badge';
import { type FieldPhoto, PhotoField } from '../../components/photo-field';
import { subheading } from '../../components/record/record-card';
import { enumText, refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import type { SuperviseReportDetail } from './api';
import { checkpointPhoto } from './use-supervise-editor';

type Checkpoint = SuperviseReportDetail['checkpoints'][number];

/** The results a checkpoint is given (InspectionTestResult): pass, fail, not applicable. */
const RESULTS = [CHECKPOINT_RESULT.pass, CHECKPOINT_RESULT.fail, CHECKPOINT_RESULT.notApplicable] as const;
const RESULT_TONES: BadgeTones = {
  [CHECKPOINT_RESULT.pass]: 'success',
  [CHECKPOINT_RESULT.fail]: 'error',
  [CHECKPOINT_RESULT.notApplicable]: 'default',
};

/** A checkpoint's name with its mandatory and photo marks. */
function CheckpointHead({ checkpoint }: { checkpoint: Checkpoint }) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={4} align="center">
      <Typography.Text strong>{refName(checkpoint.checkpoint, currentLanguage())}</Typography.Text>
      {checkpoint.mandatory ? <Tag color="blue">{t('supervise-report.mandatory')}</Tag> : null}
      {checkpoint.photoRequired ? <Tag color="purple">{t('supervise-report.photoRequired')}</Tag> : null}
    </Flex>
  );
}

/** A checkpoint's photos as a form field (the shared photo pipeline: camera, hash, capture time). */
function CheckpointPhotos({
  value = [],
  onChange,
}: {
  value?: FieldPhoto[];
  onChange?: (v: FieldPhoto[]) => void;
}) {
  return (
    <PhotoField
      value={value}
      onChange={(photos) => onChange?.(photos)}
      disabled={false}
      maxCount={SUPERVISE_PHOTOS_MAX}
      testId="supervise-report-photo"
    />
  );
}

/** The checkpoints as the holder fills them: a result, a remark and photos each. */
export function CheckpointEditor({ report }: { report: SuperviseReportDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Card title={<h2 style={subheading}>{t('supervise-report.checkpoints')}</h2>}>
      <Form.List name="checkpoints">
        {(fields) => (
          <Flex vertical gap={16}>
            {fields.map((field) => {
              const checkpoint = report.checkpoints[field.name];
              if (!checkpoint) return null;
              const name = refName(checkpoint.checkpoint, language);
              return (
                <Flex
                  key={field.key}
                  vertical
                  gap={8}
                  data-testid="supervise-report-checkpoint"
                  style={{ borderTop: field.name ? '1px solid rgba(0,0,0,0.06)' : undefined, paddingTop: 8 }}
                >
                  <CheckpointHead checkpoint={checkpoint} />
                  <Row gutter={[12, 8]} align="middle">
                    <Col xs={24} md={10} lg={8}>
                      <Form.Item name={[field.name, 'result']} noStyle>
                        <Radio.Group
                          optionType="button"
                          buttonStyle="solid"
                          size="large"
                          aria-label={t('supervise-report.resultOf', { name })}
                          options={RESULTS.map((code) => ({
                            value: code,
                            label: enumText('InspectionTestResult', code, language),
                          }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={14} lg={16}>
                      <Form.Item name={[field.name, 'remark']} noStyle>
                        <Input
                          maxLength={500}
                          placeholder={t('supervise-report.remark')}
                          aria-label={t('supervise-report.remarkOf', { name })}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                  <Form.Item name={[field.name, 'photos']} noStyle>
                    <CheckpointPhotos />
                  </Form.Item>
                </Flex>
              );
            })}
          </Flex>
        )}
      </Form.List>
    </Card>
  );
}

/** The checkpoints as read: result, remark and photos. */
export function CheckpointsView({ report }: { report: SuperviseReportDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Card title={<h2 style={subheading}>{t('supervise-report.checkpoints')}</h2>}>
      <Flex vertical gap={12}>
        {report.checkpoints.map((checkpoint) => (
          <Flex key={checkpoint.id} vertical gap={4} data-testid="supervise-report-checkpoint">
            <CheckpointHead checkpoint={checkpoint} />
            <Flex wrap gap={8} align="center">
              {checkpoint.result === CHECKPOINT_RESULT.none ? (
                <Typography.Text type="secondary">{t('supervise-report.notChecked')}</Typography.Text>
              ) : (
                <EnumBadge
                  name="InspectionTestResult"
                  value={checkpoint.result}
                  tones={RESULT_TONES}
                  language={language}
                />
              )}
              {checkpoint.remark ? <Typography.Text>{checkpoint.remark}</Typography.Text> : null}
            </Flex>
            {checkpoint.photoIds.length ? (
              <PhotoField
                value={checkpoint.photoIds.map((id, i) => checkpointPhoto(id, i + 1))}
                onChange={() => undefined}
                disabled
                testId="supervise-report-photo"
              />
            ) : null}
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
