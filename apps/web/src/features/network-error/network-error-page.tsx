import { Alert, Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../api/guard';
import { queryClient } from '../../api/query-client';
import { useSignedIn } from '../../api/session';
import { useEnvironment } from '../../components/use-environment';
import { currentLanguage } from '../../i18n/i18n';
import { writeEnvironment } from '../../lib/environment';

/**
 * Spec §2 ErrorNetwork: the server could not be reached; try the page again, go home (a signed-in user,
 * who is never asked to sign in here), or leave the sandbox.
 */
export function NetworkErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const environment = useEnvironment();
  const signedIn = useSignedIn();
  const home = `/${currentLanguage()}`;
  const target = safeRedirect(params.get('redirect'), home);

  const retry = () => {
    queryClient.clear();
    void navigate(target, { replace: true });
  };
  const leaveSandbox = () => {
    writeEnvironment('product');
    retry();
  };

  return (
    <Result
      status="warning"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('networkError.title')}</h1>}
      subTitle={t('networkError.subtitle')}
      extra={
        <Flex vertical align="center" gap={16}>
          {environment === 'dev' ? (
            <Alert type="info" showIcon title={t('networkError.sandbox')} style={{ maxWidth: 480 }} />
          ) : null}
          <Flex gap={8} wrap justify="center">
            <Button type="primary" onClick={retry} data-testid="network-retry">
              {t('networkError.retry')}
            </Button>
            {signedIn ? (
              <Button onClick={() => void navigate(home, { replace: true })} data-testid="network-home">
                {t('networkError.home')}
              </Button>
            ) : null}
            {environment === 'dev' ? (
              <Button onClick={leaveSandbox}>{t('environment.backToProduct')}</Button>
            ) : null}
          </Flex>
        </Flex>
      }
      data-testid="network-error-page"
    />
  );
}
