import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { queryClient } from '../api/query-client';
import { useEnvironment } from '../components/use-environment';
import { writeEnvironment } from '../lib/environment';

/**
 * Product ↔ dev (sandbox), remembered (spec §1). The theme and the API base follow at once; the
 * sandbox keeps its own session, so the guard checks the current route again in the new environment.
 */
export function EnvironmentSwitch() {
  const { t } = useTranslation();
  const environment = useEnvironment();
  const revalidator = useRevalidator();

  const change = (dev: boolean) => {
    writeEnvironment(dev ? 'dev' : 'product');
    queryClient.clear();
    void revalidator.revalidate();
  };

  return (
    <Switch
      checked={environment === 'dev'}
      onChange={change}
      checkedChildren={t('environment.dev')}
      unCheckedChildren={t('environment.product')}
      aria-label={t('environment.label')}
      title={t('environment.label')}
      data-testid="environment-switch"
    />
  );
}
