import { Alert, Button, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Session } from '../../api/guard';
import { ButtonLink } from '../../components/button-link';
import { currentLanguage } from '../../i18n/i18n';
import { displayName } from '../../lib/display-name';
import { useQrConfirm } from './api';
import { AuthCard } from './auth-card';

/**
 * The phone side of a scanner sign-in: the signed-in user who opened the QR link approves (or
 * rejects) the sign-in waiting on the other device.
 */
export function QrConfirmPanel({ token, session }: { token: string; session: Session }) {
  const { t } = useTranslation();
  const confirm = useQrConfirm();
  const home = `/${currentLanguage()}`;

  if (confirm.isSuccess) {
    const approved = confirm.data.status === 'confirmed';
    return (
      <AuthCard>
        <Result
          status={approved ? 'success' : 'info'}
          title={
            <h1 style={{ fontSize: 20, margin: 0 }}>
              {approved ? t('qrConfirm.approved') : t('qrConfirm.rejected')}
            </h1>
          }
          extra={
            <ButtonLink to={home} type="primary">
              {t('qrConfirm.home')}
            </ButtonLink>
          }
          data-testid="qr-confirm-result"
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('qrConfirm.title')} testId="qr-confirm-panel">
      <Typography.Paragraph>
        {t('qrConfirm.body', { name: displayName(session, currentLanguage()), username: session.username })}
      </Typography.Paragraph>
      <Alert type="warning" showIcon title={t('qrConfirm.warning')} style={{ marginBottom: 16 }} />
      <Flex gap={8} vertical>
        <Button
          type="primary"
          size="large"
          block
          loading={confirm.isPending && confirm.variables?.approve !== false}
          onClick={() => confirm.mutate({ token, approve: true })}
          data-testid="qr-approve"
        >
          {t('qrConfirm.approve')}
        </Button>
        <Button
          size="large"
          block
          loading={confirm.isPending && confirm.variables?.approve === false}
          onClick={() => confirm.mutate({ token, approve: false })}
          data-testid="qr-reject"
        >
          {t('qrConfirm.reject')}
        </Button>
      </Flex>
    </AuthCard>
  );
}
