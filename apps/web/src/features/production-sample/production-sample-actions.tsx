import { CloseCircleOutlined, EditOutlined } from '@ant-design/icons';
import { PRODUCTION_SAMPLE_STATUS } from '@qcdesk/contract/production-sample';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { useConfirm } from '../../components/confirm-dialog';
import { notify } from '../../components/notify';
import { currentLanguage } from '../../i18n/i18n';
import { type ProductionSampleDetail, useCancelProductionSample, useInvalidateProductionSample } from './api';

const LIVE: readonly number[] = [PRODUCTION_SAMPLE_STATUS.registered, PRODUCTION_SAMPLE_STATUS.audited];

/**
 * The sample's header buttons: Modify (the server's `modify`: productionsample.edit in 10/20 and in
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
  const [confirm, holder] = useConfirm();
  const cancel = useCancelProductionSample();
  const reload = useInvalidateProductionSample();
  const live = LIVE.includes(sample.status);
  const mayCancel = live && hasPermission(session, 'productionsample.cancel');

  const onCancel = async () => {
    const confirmed = await confirm({
      title: t('production-sample.cancelConfirm'),
      content: sample.itemNo,
      danger: true,
      okText: t('production-sample.cancelOk'),
      cancelText: t('production-sample.cancelKeep'),
      focus: 'cancel',
    });
    if (!confirmed) return;
    onRefused(null);
    cancel.mutate(
      { id: sample.id, version: sample.version },
      {
        onSuccess: () => notify('success', t('production-sample.cancelledDone')),
        onError: (error) => {
          notify('error', error.message);
          if (error.reason === 'E_VERSION') reload();
          else onRefused(error.message);
        },
      },
    );
  };

  return (
    <Flex gap={8} wrap>
      {holder}
      {modify && live ? (
        <ButtonLink
          type="primary"
          icon={<EditOutlined />}
          to={`/${currentLanguage()}/productionsample/${sample.id}?edit=1`}
          data-testid="production-sample-edit"
        >
          {t('common.edit')}
        </ButtonLink>
      ) : null}
      {mayCancel ? (
        <Button
          danger
          icon={<CloseCircleOutlined />}
          loading={cancel.isPending}
          onClick={() => void onCancel()}
          data-testid="production-sample-cancel"
        >
          {t('production-sample.cancel')}
        </Button>
      ) : null}
    </Flex>
  );
}
