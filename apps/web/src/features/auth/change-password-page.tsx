import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { queryClient } from '../../api/query-client';
import { tokens } from '../../api/session-tokens';
import { ButtonLink } from '../../components/button-link';
import { notify } from '../../components/notify';
import { LeaveGuardHost, useLeaveGuard } from '../../components/use-leave-guard';
import { currentLanguage } from '../../i18n/i18n';
import { useChangePassword } from './api';
import { AuthCard } from './auth-card';
import { newPasswordRules, repeatPasswordRules } from './password-rules';
import type { PasswordSetState } from './password-set-state';
import { useRedirectTarget } from './use-sign-in';

interface Values {
  oldPassword?: string;
  password: string;
  repeatPassword: string;
}

/**
 * Spec §2 ChanePassword (`/{language}/password`): a signed-in user changes their password (the
 * session check sends them here with -1001), or anyone with a mailed reset or welcome link (`?token=`)
 * sets one.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const change = useChangePassword();
  const target = useRedirectTarget();
  const language = currentLanguage();
  const token = params.get('token');
  const signedIn = tokens.hasAny();
  // A half-typed new password asks before the page is left; the shell's guard is not here.
  const guard = useLeaveGuard();

  if (!token && !signedIn) {
    return (
      <AuthCard>
        <Result
          status="info"
          title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('changePassword.title')}</h1>}
          subTitle={t('changePassword.signInFirst')}
          extra={
            <ButtonLink to={`/${language}/login`} type="primary">
              {t('changePassword.toLogin')}
            </ButtonLink>
          }
        />
      </AuthCard>
    );
  }

  const submit = (values: Values) => {
    change.mutate(
      {
        password: values.password,
        repeatPassword: values.repeatPassword,
        ...(token ? { token } : {}),
        ...(!token && values.oldPassword ? { oldPassword: values.oldPassword } : {}),
      },
      {
        onSuccess: (data) => {
          guard.settle();
          if (token && !signedIn) {
            // Login says the password is set and has the name filled in: only the password is left.
            const state: PasswordSetState = { passwordSet: true, username: data.username };
            void navigate(`/${language}/login`, { replace: true, state });
            return;
          }
          notify('success', t('changePassword.done'));
          queryClient.clear();
          void navigate(target, { replace: true });
        },
      },
    );
  };

  return (
    <AuthCard title={token ? t('changePassword.setTitle') : t('changePassword.title')}>
      <LeaveGuardHost />
      <Typography.Paragraph type="secondary">{t('changePassword.rule')}</Typography.Paragraph>
      <Form<Values>
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={guard.change}
        data-testid="change-password-form"
      >
        {change.isError ? (
          <Alert
            type="error"
            showIcon
            title={change.error.message}
            style={{ marginBottom: 16 }}
            role="alert"
          />
        ) : null}
        {token ? null : (
          <Form.Item
            name="oldPassword"
            label={t('changePassword.oldPassword')}
            extra={t('changePassword.oldPasswordHint')}
          >
            <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
          </Form.Item>
        )}
        <Form.Item name="password" label={t('changePassword.password')} rules={newPasswordRules(t)}>
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeatPassword"
          label={t('changePassword.repeatPassword')}
          dependencies={['password']}
          rules={repeatPasswordRules(t)}
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={change.isPending}>
          {t('changePassword.submit')}
        </Button>
      </Form>
      {token ? null : (
        <div style={{ marginTop: 16 }}>
          <Link to={target}>{t('changePassword.back')}</Link>
        </div>
      )}
    </AuthCard>
  );
}
