import { CloseCircleOutlined, EditOutlined } from '@ant-design/icons';
import { PRODUCTION_SAMPLE_STATUS } from '@qcdesk/contract/production-sample';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ActionBar } from '../../components/action-bar';
import { currentLanguage } from '../../i18n/i18n';
import { type ProductionSampleDetail, useCancelProductionSample, useInvalidateProductionSample } from './api';

const LIVE: readonly number[] = [PRODUCTION_SAMPLE_STATUS.registered, PRODUCTION_SAMPLE_STATUS.audited];

/**
 * The sample's action bar: Modify (the server's `modify`: productionsample.edit in 10/20 and in
 * scope) and Cancel (productionsample.cancel in 10/20), confirmed with spec §4's "取消大货样？ /
 * Cancel production sample?". The server's refusal (E_SAMPLE_IN_USE while an inspection of a linked
 * product is in progress, E_STATUS, E_SCOPE) shows as its message; a stale version reloads.
 */
export function ProductionSampleActions({
  sample,
  modify,
  onRefused,
}: {
  sample: ProductionSampleDetail;
  modify: boolean;
  /** The refusal of a cancel, for the page to show beside the record. */
  onRefused: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const cancel = useCancelProductionSample();
  const live = LIVE.includes(sample.status);
  return (
    <ActionBar
      testId="production-sample"
      onStale={useInvalidateProductionSample()}
      actions={[
        {
          key: 'edit',
          label: t('common.edit'),
          tone: 'primary',
          icon: <EditOutlined />,
          show: modify && live,
          to: `/${currentLanguage()}/productionsample/${sample.id}?edit=1`,
        },
        {
          key: 'cancel',
          label: t('production-sample.cancel'),
          tone: 'danger',
          icon: <CloseCircleOutlined />,
          show: live && hasPermission(session, 'productionsample.cancel'),
          confirm: {
            title: t('production-sample.cancelConfirm'),
            content: sample.itemNo,
            okText: t('production-sample.cancelOk'),
            cancelText: t('production-sample.cancelKeep'),
            focus: 'cancel',
          },
          run: () => {
            onRefused(null);
            return cancel.mutateAsync({ id: sample.id, version: sample.version });
          },
          pending: cancel.isPending,
          done: t('production-sample.cancelledDone'),
          onRefused: (error) => onRefused(error.message),
        },
      ]}
    />
  );
}
