import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { environmentReachable } from '../api/environment-probe';
import { queryClient } from '../api/query-client';
import { useEnvironment } from '../components/use-environment';
import { writeEnvironment } from '../lib/environment';

/**
 * The sandbox is served under `/dev` only where the server offers one. When it does not, the app
 * says so and offers the way back, instead of failing call after call.
 */
export function SandboxNotice() {
  const { t } = useTranslation();
  const environment = useEnvironment();
  const revalidator = useRevalidator();
  const probe = useQuery({
    queryKey: ['environment-probe', environment],
    queryFn: () => environmentReachable(environment),
    enabled: environment === 'dev',
    staleTime: 60_000,
  });
  if (environment !== 'dev' || probe.data !== false) return null;

  const back = () => {
    writeEnvironment('product');
    queryClient.clear();
    void revalidator.revalidate();
  };

  return (
    <Alert
      type="error"
      showIcon
      banner
      title={t('environment.unavailable')}
      description={t('environment.unavailableHint')}
      action={
        <Button size="small" onClick={back} data-testid="environment-back">
          {t('environment.backToProduct')}
        </Button>
      }
      data-testid="environment-unavailable"
    />
  );
}
