import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { currentLanguage } from '../i18n/i18n';
import { currentRouteName, isCreatePage } from '../lib/route-handle';
import { routeTitle } from './route-title';

/** The window title names the page, so tabs, history and screen readers tell pages apart. */
export function usePageTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const name = currentRouteName(matches);
  const creating = isCreatePage(matches);
  const language = currentLanguage();
  useEffect(() => {
    const title = routeTitle(name, language, t, creating);
    document.title = title === t('app.name') ? title : `${title} · ${t('app.name')}`;
  }, [name, language, t, creating]);
}
