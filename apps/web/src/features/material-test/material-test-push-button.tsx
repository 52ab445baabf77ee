import { SendOutlined } from '@ant-design/icons';
import { formatMessage } from '@qcdesk/contract/messages';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-dialog';
import { notify } from '../../components/notify';
import { currentLanguage } from '../../i18n/i18n';
import { type MaterialTestDetail, useInvalidateMaterialTest, usePushMaterialTest } from './api';

/**
 * DOMAIN.md §4.13 push: mails the result; a second push sends the correction. With a
 * `disabledReason` (no report file to send) it is disabled, and its tooltip says why.
 */
export function PushButton({
  test,
  disabledReason = null,
}: {
  test: MaterialTestDetail;
  disabledReason?: string | null;
}) {
  const { t } = useTranslation();
  const [confirm, holder] = useConfirm();
  const push = usePushMaterialTest();
  const invalidate = useInvalidateMaterialTest();
  const again = test.pushCount > 0;
  const pushMail = async () => {
    const title = again
      ? t('material-test.pushAgainConfirm', { testNo: test.testNo })
      : t('material-test.pushConfirm', { testNo: test.testNo });
    if (!(await confirm({ title, content: t('material-test.pushHint'), okText: t('material-test.push') })))
      return;
    push.mutate(
      { id: test.id, version: test.version },
      {
        onSuccess: () => notify('success', formatMessage('MAIL_SENT', currentLanguage())),
        onError: (error) => {
          if (error.reason === 'E_VERSION') invalidate();
        },
      },
    );
  };
  return (
    <>
      {holder}
      <Tooltip title={disabledReason}>
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={push.isPending}
          disabled={Boolean(disabledReason)}
          onClick={() => void pushMail()}
          data-testid="material-test-push"
        >
          {again ? t('material-test.pushAgain') : t('material-test.push')}
        </Button>
      </Tooltip>
    </>
  );
}
