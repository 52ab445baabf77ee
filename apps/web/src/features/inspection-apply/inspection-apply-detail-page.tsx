import { INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { Alert, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/button-link';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { DetailLoadFailed, DetailLoading } from '../../components/detail-states';
import { RecordCard } from '../../components/record/record-card';
import { EMPTY } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import {
  fetchInspectionApplyChangeLog,
  INSPECTION_APPLY_ENTITY,
  type InspectionApplyDetail,
  useInspectionApply,
} from './api';
import { InspectionApplyActions } from './inspection-apply-actions';
import { ApplyStatusBadge } from './inspection-apply-columns';
import { applyFields } from './inspection-apply-fields';
import { InspectionApplyItems } from './inspection-apply-items';

function InspectionApplyView({ record }: { record: InspectionApplyDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { status } = record;
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="inspection-apply-detail"
        title={record.applyNo}
        tags={<ApplyStatusBadge status={status} language={language} />}
        actions={<InspectionApplyActions record={record} />}
        notices={[
          status === INSPECTION_APPLY_STATUS.cancelled && (
            <Alert type="warning" showIcon title={t('inspection-apply.isCancelled')} />
          ),
          status === INSPECTION_APPLY_STATUS.returned && (
            <Alert
              type="warning"
              showIcon
              title={t('inspection-apply.isReturned', { reason: record.reasonText ?? EMPTY })}
            />
          ),
        ]}
        items={applyFields(record, t, language)}
      />
      <InspectionApplyItems items={record.items} orderId={record.order.id} />
      <ChangeLogCard entity={INSPECTION_APPLY_ENTITY} id={record.id} fetch={fetchInspectionApplyChangeLog} />
    </Flex>
  );
}

/**
 * Spec §2 InspectionApplys (`inspection/applys?id=`, "inspection details"): one application with its
 * products, its actions and its change log.
 */
export function InspectionApplyDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const query = useInspectionApply(id);
  if (!id)
    return (
      <Result
        status="info"
        title={t('inspection-apply.notFound')}
        extra={
          <ButtonLink to={`/${currentLanguage()}/inspection/apply`}>{t('common.backToList')}</ButtonLink>
        }
      />
    );
  if (query.isPending) return <DetailLoading />;
  if (query.isError) {
    return (
      <DetailLoadFailed
        title={t('inspection-apply.loadFailed')}
        message={query.error.message}
        backTo={`/${currentLanguage()}/inspection/apply`}
        backLabel={t('common.backToList')}
      />
    );
  }
  return <InspectionApplyView record={query.data.data} />;
}
