import { SIGNATURE_MAX_MB } from '@qcdesk/contract/identity';
import { Alert, Button, Card, Flex, Image, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/api-error';
import { fileHref, uploadFile } from '../../api/upload';
import { useConfirm } from '../../components/confirm-dialog';
import { notify } from '../../components/notify';
import { UploadPicker } from '../../components/upload-picker';
import { currentLanguage } from '../../i18n/i18n';
import { useUpdateUserSetting, useUserSetting } from './api';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;
const IMAGE_TYPES = ['png', 'jpg', 'jpeg'] as const;

/**
 * The signature image the reports a user signs show (issue 28): an inspector's or approver's own,
 * an image of at most SIGNATURE_MAX_MB; without one the PDF prints the typed name and time.
 */
export function SignatureCard() {
  const { t } = useTranslation();
  const setting = useUserSetting();
  const update = useUpdateUserSetting();
  const [confirm, holder] = useConfirm();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const signature = setting.data?.signature ?? null;

  const save = async (signatureFileId: string | null) => {
    if (!setting.data) return;
    await update.mutateAsync({ version: setting.data.version, signatureFileId });
    notify('success', signatureFileId ? t('settings.signatureSaved') : t('settings.signatureRemoved'));
  };
  const pick = async ([file]: File[]) => {
    if (!file) return;
    setProblem(null);
    setUploading(true);
    try {
      const stored = await uploadFile(file, currentLanguage(), {
        silent: true,
        photo: { maxMb: SIGNATURE_MAX_MB },
      });
      await save(stored.id);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };
  const remove = async () => {
    if (
      await confirm({
        content: t('settings.signatureRemoveConfirm'),
        danger: true,
        okText: t('settings.signatureRemove'),
      })
    )
      await save(null);
  };

  return (
    <Card title={<h2 style={heading}>{t('settings.signature')}</h2>} data-testid="settings-signature">
      {holder}
      {setting.isPending ? <Skeleton active /> : null}
      {setting.data ? (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            {t('settings.signatureHint', { mb: SIGNATURE_MAX_MB })}
          </Typography.Text>
          {signature?.url ? (
            <Image
              src={fileHref(signature.url)}
              alt={t('settings.signature')}
              height={80}
              style={{ objectFit: 'contain', background: '#fff' }}
              data-testid="settings-signature-image"
            />
          ) : (
            <Typography.Text data-testid="settings-signature-none">
              {t('settings.signatureNone')}
            </Typography.Text>
          )}
          {problem ? (
            <Alert type="error" showIcon title={problem} data-testid="settings-signature-problem" />
          ) : null}
          <Flex gap={8} wrap>
            <UploadPicker extensions={IMAGE_TYPES} onPick={(files) => void pick(files)} disabled={uploading}>
              {signature ? t('settings.signatureReplace') : t('settings.signatureUpload')}
            </UploadPicker>
            {signature ? (
              <Button danger onClick={() => void remove()} loading={update.isPending && !uploading}>
                {t('settings.signatureRemove')}
              </Button>
            ) : null}
          </Flex>
        </Flex>
      ) : null}
    </Card>
  );
}
