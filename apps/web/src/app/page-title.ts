import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { currentLanguage } from '../i18n/i18n';
import { currentRouteName } from '../lib/route-handle';
import { routeTitle } from './route-title';

/** The window title names the page, so tabs, history and screen readers tell pages apart. */
export function usePageTitle(): void {
  const { t } = useTranslation();
  const name = currentRouteName(useMatches());
  const language = currentLanguage();
  useEffect(() => {
    const title = routeTitle(name, language, t);
    document.title = title === t('app.name') ? title : `${title} · ${t('app.name')}`;
  }, [name, language, t]);
}
