import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Switch } from 'antd';
// The two input modules themselves: `Input` from 'antd' carries TextArea, Search and OTP along.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogin } from './api';
import { Field } from './field';
import { useSignIn } from './use-sign-in';

/** Username and password (spec §5: "username must not be empty", "password must not be empty"), remember me for 7 days. */
export function LoginPasswordForm({ username: known }: { username?: string | undefined } = {}) {
  const { t } = useTranslation();
  const login = useLogin();
  const { signedIn, unverified } = useSignIn();
  const [username, setUsername] = useState(known ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [tried, setTried] = useState(false);
  const rememberId = useId();

  const usernameError = tried && !username.trim() ? t('login.usernameRequired') : undefined;
  const passwordError = tried && !password ? t('login.passwordRequired') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!username.trim() || !password) return;
    login.mutate(
      { username: username.trim(), password, remember },
      {
        onSuccess: (session) => signedIn(session, remember),
        onError: (error) => {
          unverified(error, remember);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="login-password-form">
      {login.isError ? (
        <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      <Field label={t('login.username')} error={usernameError}>
        {(props) => (
          <Input
            {...props}
            name="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            prefix={<UserOutlined aria-hidden />}
            autoComplete="username"
            size="large"
          />
        )}
      </Field>
      <Field label={t('login.password')} error={passwordError}>
        {(props) => (
          <Password
            {...props}
            name="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            prefix={<LockOutlined aria-hidden />}
            autoComplete="current-password"
            size="large"
            // The name is filled in already: the password is what is left to type.
            autoFocus={Boolean(known)}
          />
        )}
      </Field>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 20 }}>
        <Switch
          id={rememberId}
          size="small"
          checked={remember}
          onChange={setRemember}
          data-testid="login-remember"
        />
        <label htmlFor={rememberId} style={{ cursor: 'pointer' }}>
          {t('login.remember')}
        </label>
      </div>
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
