import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loading } from '../api/loading-counter';
import './loading-indicator.css';

/** A thin bar at the top of the window while any API call runs (spec §9). */
export function LoadingIndicator() {
  const { t } = useTranslation();
  const visible = useSyncExternalStore(loading.subscribe, loading.isVisible, () => false);
  if (!visible) return null;
  return <div className="qcdesk-loading" role="progressbar" aria-label={t('app.loading')} />;
}
