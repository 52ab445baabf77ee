import { Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { currentLanguage } from '../../i18n/i18n';
import { useInterimLogin } from './api';
import { AuthCard } from './auth-card';
import { useSignIn } from './use-sign-in';

/** A single-use sign-in link an administrator issued (spec §5: "token has expired" once used or stale). */
export function InterimSignIn({ token }: { token: string }) {
  const { t } = useTranslation();
  const interim = useInterimLogin();
  const { signedIn } = useSignIn();
  const started = useRef(false);

  useEffect(() => {
    // The token is single-use: one attempt, whatever re-renders or re-mounts happen.
    if (started.current) return;
    started.current = true;
    interim.mutate({ token }, { onSuccess: (session) => signedIn(session, false) });
  }, [interim, token, signedIn]);

  if (interim.isError) {
    return (
      <AuthCard>
        <Result
          status="warning"
          title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('login.interimFailed')}</h1>}
          subTitle={interim.error.message}
          extra={
            <ButtonLink to={`/${currentLanguage()}/login`} type="primary">
              {t('login.backToLogin')}
            </ButtonLink>
          }
          data-testid="interim-failed"
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard>
      <Spin tip={t('login.interimSigningIn')}>
        <div style={{ height: 120 }} />
      </Spin>
    </AuthCard>
  );
}
