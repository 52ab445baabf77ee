import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useParams } from 'react-router';
import { isLanguage, preferredLanguage } from '../i18n/language';

/** `/`, `/index`, `/index.html` go to `/{language}` (spec §2). */
export function LanguageRedirect() {
  return <Navigate to={`/${preferredLanguage()}`} replace />;
}

/**
 * The root of every `/{language}/…` route: the UI follows the language of the URL. A path without a
 * language never renders here; its loader (languageLoader) has sent it on with one.
 */
export function LanguageRoot() {
  const { language } = useParams();
  const { i18n } = useTranslation();
  const valid = isLanguage(language);

  useEffect(() => {
    if (valid && i18n.language !== language) void i18n.changeLanguage(language);
  }, [valid, language, i18n]);

  return valid ? <Outlet /> : null;
}
