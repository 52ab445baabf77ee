import { FIRST_SAMPLE_STATUS } from '@qcdesk/contract/first-sample';
import { Alert, Card, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/button-link';
import { DetailLoadFailed, DetailLoading, detailHeading } from '../../components/detail-states';
import { PhotoGallery } from '../../components/photo-gallery';
import { subheading } from '../../components/record/record-card';
import { EMPTY, userDisplayName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate, formatDateTime } from '../../lib/format';
import { type FirstSampleRound, useFirstSample } from './api';
import { CheckItemHeading } from './first-sample-checks-card';
import { CheckTag, ResultTag, StatusBadge } from './first-sample-columns';

/** One round: who checked and judged it when, its result and corrective action, every item with photos. */
function RoundCard({ round, current }: { round: FirstSampleRound; current: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const person = (p: { name: string; englishName: string | null } | null) =>
    p ? userDisplayName(p, language) : EMPTY;
  return (
    <Card
      data-testid={`round-${round.round}`}
      style={current ? { borderColor: '#722ed1' } : undefined}
      title={
        <Flex gap={8} align="center" wrap>
          <h2 style={subheading}>{t('first-sample.roundValue', { round: round.round })}</h2>
          <Typography.Text type="secondary">{round.sampleNo}</Typography.Text>
          <StatusBadge status={round.status} language={language} />
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{t('first-sample.result')}:</Typography.Text>
          {round.status === FIRST_SAMPLE_STATUS.audited ? (
            <ResultTag result={round.result} language={language} />
          ) : (
            <Typography.Text>{t('first-sample.notAudited')}</Typography.Text>
          )}
        </Flex>
        <Typography.Text type="secondary">
          {t('first-sample.receivedDate')}: {formatDate(round.receivedDate)}
        </Typography.Text>
        <Typography.Text>
          {round.checkedAt
            ? t('first-sample.checkedAt', {
                who: person(round.checkedBy),
                at: formatDateTime(round.checkedAt),
              })
            : t('first-sample.notChecked')}
        </Typography.Text>
        {round.auditedAt ? (
          <Typography.Text>
            {t('first-sample.auditedAt', {
              who: person(round.auditedBy),
              at: formatDateTime(round.auditedAt),
            })}
          </Typography.Text>
        ) : null}
        {round.corrective ? (
          <Alert
            type="warning"
            title={t('first-sample.corrective')}
            description={<span style={{ whiteSpace: 'pre-wrap' }}>{round.corrective}</span>}
          />
        ) : null}
        {round.checkItems.map((check) => (
          <Flex
            key={check.checkItem.id}
            vertical
            gap={4}
            style={{ borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 8 }}
          >
            <Flex justify="space-between" gap={8} align="start">
              <CheckItemHeading check={check} language={language} />
              <CheckTag result={check.checkResult} language={language} />
            </Flex>
            {check.remark ? <Typography.Text>{check.remark}</Typography.Text> : null}
            {check.photos.length > 0 ? <PhotoGallery photos={check.photos} /> : null}
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}

/** Spec §2 FirstSampleResult (`firstsample/result/{id}`): every round of the sample side by side. */
export function FirstSampleResultPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const language = currentLanguage();
  const query = useFirstSample(id);
  if (query.isPending) return <DetailLoading />;
  if (query.isError)
    return (
      <DetailLoadFailed
        title={t('first-sample.loadFailed')}
        message={query.error.message}
        backTo={`/${language}/firstsample`}
        backLabel={t('first-sample.title')}
      />
    );
  const sample = query.data.data;
  const span = Math.max(8, Math.floor(24 / Math.max(1, sample.rounds.length)));
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Flex vertical>
            <h1 style={detailHeading}>{t('first-sample.resultTitle', { sampleNo: sample.sampleNo })}</h1>
            <Typography.Text type="secondary">
              {`${sample.product.orderNo} · ${sample.product.productNo} · ${sample.itemNo} · ${t('first-sample.rounds', { count: sample.rounds.length })}`}
            </Typography.Text>
          </Flex>
          <ButtonLink to={`/${language}/firstsample/${sample.id}`}>
            {t('first-sample.backToSample')}
          </ButtonLink>
        </Flex>
      </Card>
      <Row gutter={[16, 16]} data-testid="first-sample-rounds">
        {sample.rounds.map((round) => (
          <Col key={round.id} xs={24} md={12} xl={span}>
            <RoundCard round={round} current={round.id === sample.id} />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
