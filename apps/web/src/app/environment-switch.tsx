import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { queryClient } from '../api/query-client';
import { useEnvironment } from '../components/use-environment';
import { writeEnvironment } from '../lib/environment';

/**
 * Product ↔ dev (sandbox), remembered (spec §1). The theme and the API base follow at once; the
 * sandbox keeps its own session, so the guard checks the current route again in the new environment.
 * Both states are words, never a bare on/off: the switch shows the environment it is in ("Product" /
 * "Sandbox"), is named for what it turns on (the sandbox: "off" reads as "in the product"), and its
 * tooltip says where a click goes.
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
      aria-label={t('environment.sandbox')}
      title={environment === 'dev' ? t('environment.inSandbox') : t('environment.inProduct')}
      data-testid="environment-switch"
    />
  );
}
