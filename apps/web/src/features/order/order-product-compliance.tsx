import { Drawer, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type BadgeTones, EnumBadge } from '../../components/enum-badge';
import { RecordLink } from '../../components/record/record-link';
import { EMPTY, enumText, refName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import { type OrderProductLine, type ProductCompliance, useProductCompliance } from './api';

/** DOMAIN.md §6.4 TestResult: pass green, improve amber, fail red, not out still running. */
const RESULT_TONES: BadgeTones = { 0: 'processing', 1: 'success', 2: 'warning', 3: 'error', 4: 'default' };

type Report = ProductCompliance['reports'][number];

function ComplianceReport({ report }: { report: Report }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <li
      data-testid="order-compliance-report"
      data-expired={report.expired}
      style={{ padding: '12px 0', borderBottom: '1px solid var(--ant-color-border-secondary)' }}
    >
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>
            <RecordLink route="TestReportDetail" to={`testreport/${report.id}`}>
              {report.reportNo ?? EMPTY}
            </RecordLink>
          </Typography.Text>
          {report.expired ? (
            <Tag color="red" data-testid="order-compliance-expired">
              {t('order.compliance.expired')}
            </Tag>
          ) : null}
        </Flex>
        <EnumBadge name="TestResult" value={report.result} tones={RESULT_TONES} language={language} />
      </Flex>
      <div>
        {enumText('TestReportType', report.reportType, language)} · {refName(report.lab, language)}
      </div>
      <Typography.Text type="secondary">
        {t('order.compliance.reportDate')} {formatDate(report.reportDate) || EMPTY} ·{' '}
        {report.validUntil
          ? `${t('order.compliance.validUntil')} ${formatDate(report.validUntil)}`
          : t('order.compliance.noLimit')}
      </Typography.Text>
    </li>
  );
}

export function ComplianceContent({ compliance }: { compliance: ProductCompliance }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Flex vertical gap={8}>
      <Flex
        gap={8}
        align="center"
        wrap
        data-testid="order-compliance-result"
        data-result={compliance.result ?? ''}
      >
        <Typography.Text strong>{t('order.compliance.current')}</Typography.Text>
        {compliance.result === null ? (
          <Typography.Text type="secondary">{t('order.compliance.none')}</Typography.Text>
        ) : (
          <EnumBadge name="TestResult" value={compliance.result} tones={RESULT_TONES} language={language} />
        )}
        {compliance.expired > 0 ? (
          <Tag color="red">{t('order.compliance.expiredCount', { count: compliance.expired })}</Tag>
        ) : null}
      </Flex>
      <Typography.Text type="secondary">{t('order.compliance.hint')}</Typography.Text>
      {compliance.reports.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order.compliance.noReports')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('order.compliance.reports')}>
          {compliance.reports.map((report) => (
            <ComplianceReport key={report.id} report={report} />
          ))}
        </ul>
      )}
    </Flex>
  );
}

/**
 * Issue 25: a product's compliance in a drawer — every published test report that concerns it
 * (ours, the factory's, the client's) with its validity, expired ones flagged, and the worst
 * current result; each report opens its detail where the caller may read it.
 */
export function OrderProductCompliance({
  line,
  onClose,
}: {
  line: OrderProductLine | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const compliance = useProductCompliance(line?.id ?? null);
  return (
    <Drawer
      open={line !== null}
      onClose={onClose}
      size={phone ? '100%' : 560}
      title={line ? t('order.compliance.title', { productNo: line.productNo }) : null}
      data-testid="order-compliance"
      destroyOnHidden
    >
      {compliance.data ? (
        <ComplianceContent compliance={compliance.data} />
      ) : compliance.isFetching ? (
        <Spin />
      ) : null}
    </Drawer>
  );
}
