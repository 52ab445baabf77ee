import { SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { queryClient } from '../../api/query-client';
import { tokens } from '../../api/session-tokens';
import { ButtonLink } from '../../components/button-link';
import { notify } from '../../components/notify';
import { currentLanguage } from '../../i18n/i18n';
import { useSendVerifyCode, useVerifyAccount } from './api';
import { AuthCard } from './auth-card';
import { useRedirectTarget } from './use-sign-in';

/** Spec §2 VerifyAccount: the session check said -1002; a code mailed to the account verifies it. */
export function VerifyAccountPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const send = useSendVerifyCode();
  const verify = useVerifyAccount();
  const target = useRedirectTarget();
  const language = currentLanguage();
  const displayName = (location.state as { displayName?: string } | null)?.displayName;

  if (!tokens.hasAny()) {
    return (
      <AuthCard>
        <Result
          status="info"
          title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('verify.title')}</h1>}
          subTitle={t('verify.signInFirst')}
          extra={
            <ButtonLink to={`/${language}/login`} type="primary">
              {t('verify.toLogin')}
            </ButtonLink>
          }
        />
      </AuthCard>
    );
  }

  const submit = ({ verifyCode }: { verifyCode: string }) => {
    verify.mutate(
      { verifyCode: verifyCode.trim() },
      {
        onSuccess: () => {
          notify('success', t('verify.done'));
          queryClient.clear();
          void navigate(target, { replace: true });
        },
      },
    );
  };

  return (
    <AuthCard title={t('verify.title')}>
      <Typography.Paragraph>
        {displayName ? t('verify.greeting', { name: displayName }) : null} {t('verify.intro')}
      </Typography.Paragraph>
      {send.isSuccess ? (
        <Alert
          type="success"
          showIcon
          title={t('verify.sent', { email: send.data.email })}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<{ verifyCode: string }> layout="vertical" requiredMark={false} onFinish={submit}>
        {verify.isError ? (
          <Alert
            type="error"
            showIcon
            title={verify.error.message}
            style={{ marginBottom: 16 }}
            role="alert"
          />
        ) : null}
        <Form.Item label={t('verify.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="verifyCode"
              noStyle
              rules={[{ required: true, whitespace: true, message: t('verify.codeRequired') }]}
            >
              <Input
                prefix={<SafetyOutlined aria-hidden />}
                inputMode="numeric"
                autoComplete="one-time-code"
                aria-label={t('verify.code')}
              />
            </Form.Item>
            <Button onClick={() => send.mutate({})} loading={send.isPending}>
              {send.isSuccess ? t('verify.resend') : t('verify.send')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={verify.isPending}>
          {t('verify.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
