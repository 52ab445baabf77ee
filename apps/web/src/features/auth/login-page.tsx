import { Alert, Button, Flex } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { tokens } from '../../api/session-tokens';
import { currentLanguage } from '../../i18n/i18n';
import { AuthCard } from './auth-card';
import { LoginPasswordForm } from './login-password-form';
import { isPasswordSetState } from './password-set-state';

// The password form comes with the page; the other two modes load when chosen.
const LoginCodeForm = lazy(async () => ({ default: (await import('./login-code-form')).LoginCodeForm }));
const LoginQrPanel = lazy(async () => ({ default: (await import('./login-qr-panel')).LoginQrPanel }));
// Arriving by a QR or interim link is rarer still.
const QrLoginGate = lazy(async () => ({ default: (await import('./qr-login-gate')).QrLoginGate }));
const InterimSignIn = lazy(async () => ({ default: (await import('./interim-sign-in')).InterimSignIn }));

type Mode = 'password' | 'code' | 'qr';

/**
 * Spec §2 Login: password, e-mail code or scanner (QR) sign-in, then back to `redirect`. Opened
 * from a QR code (`?qr=`) by a signed-in user it asks to confirm the other device's sign-in; with
 * `?interim=` it signs in with an administrator's one-time link.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { state } = useLocation();
  // Arriving from a set-password link: say so, and fill in the account (issue 12).
  const passwordSet = isPasswordSetState(state) ? state : undefined;
  const [mode, setMode] = useState<Mode>('password');
  const qr = params.get('qr');
  const interim = params.get('interim');
  const language = currentLanguage();

  if (interim) {
    return (
      <Suspense fallback={null}>
        <InterimSignIn token={interim} />
      </Suspense>
    );
  }

  const modes = [
    { value: 'password' as const, label: t('login.modePassword') },
    { value: 'code' as const, label: t('login.modeCode') },
    ...(qr ? [] : [{ value: 'qr' as const, label: t('login.modeQr') }]),
  ];

  const form = (
    <AuthCard title={t('login.title')} testId="login-card">
      {qr ? (
        <Alert type="info" showIcon title={t('login.qrSignInFirst')} style={{ marginBottom: 16 }} />
      ) : null}
      {passwordSet ? (
        <Alert
          type="success"
          showIcon
          title={t('login.passwordSet')}
          style={{ marginBottom: 16 }}
          data-testid="login-password-set"
        />
      ) : null}
      {/* Three buttons rather than antd's Segmented or Radio, which bring Tooltip and Form along. */}
      <Flex
        role="group"
        aria-label={t('login.mode')}
        gap={8}
        style={{ marginBottom: 20 }}
        data-testid="login-mode"
      >
        {modes.map((option) => (
          <Button
            key={option.value}
            type={mode === option.value ? 'primary' : 'default'}
            aria-pressed={mode === option.value}
            onClick={() => setMode(option.value)}
            style={{ flex: 1, minWidth: 0, paddingInline: 4 }}
          >
            {option.label}
          </Button>
        ))}
      </Flex>
      <Suspense fallback={null}>
        {mode === 'password' ? <LoginPasswordForm username={passwordSet?.username} /> : null}
        {mode === 'code' ? <LoginCodeForm /> : null}
        {mode === 'qr' ? <LoginQrPanel /> : null}
      </Suspense>
      <Flex justify="space-between" style={{ marginTop: 16 }}>
        <Link to={`/${language}/forgetpassword`}>{t('login.forgot')}</Link>
        <Link to={`/${language}/help`}>{t('login.help')}</Link>
      </Flex>
    </AuthCard>
  );

  if (qr && tokens.hasAny()) {
    return (
      <Suspense fallback={null}>
        <QrLoginGate token={qr} signIn={form} />
      </Suspense>
    );
  }
  return form;
}
