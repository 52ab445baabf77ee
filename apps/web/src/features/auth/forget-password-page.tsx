import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/button-link';
import { currentLanguage } from '../../i18n/i18n';
import { useForgotPassword } from './api';
import { AuthCard } from './auth-card';

/**
 * Spec §2 ForgetPassword: a reset link is mailed to the account; the answer is the same whether or
 * not the account exists. A reset link that lands here is passed on to the password page.
 */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const forgot = useForgotPassword();
  const language = currentLanguage();
  const token = params.get('token');

  if (token) return <Navigate to={`/${language}/password?token=${encodeURIComponent(token)}`} replace />;

  if (forgot.isSuccess) {
    return (
      <AuthCard>
        <Result
          status="success"
          title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('forgetPassword.sentTitle')}</h1>}
          subTitle={t('forgetPassword.sent')}
          extra={
            <ButtonLink to={`/${language}/login`} type="primary">
              {t('forgetPassword.backToLogin')}
            </ButtonLink>
          }
          data-testid="forget-password-sent"
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgetPassword.title')}>
      <Typography.Paragraph type="secondary">{t('forgetPassword.intro')}</Typography.Paragraph>
      <Form<{ account: string }>
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => forgot.mutate({ account: values.account.trim() })}
      >
        <Form.Item
          name="account"
          label={t('forgetPassword.account')}
          rules={[{ required: true, whitespace: true, message: t('forgetPassword.accountRequired') }]}
        >
          <Input prefix={<MailOutlined aria-hidden />} autoComplete="username" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={forgot.isPending}>
          {t('forgetPassword.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Link to={`/${language}/login`}>{t('forgetPassword.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
