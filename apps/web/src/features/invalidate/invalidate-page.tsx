import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { currentLanguage } from '../../i18n/i18n';

/** Spec §2 Invalidate: the route is not in the user's permitted-route list ("Invalid Permission"). */
export function InvalidatePage() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('invalidate.title')}</h1>}
      subTitle={t('invalidate.subtitle')}
      extra={
        <ButtonLink to={`/${currentLanguage()}`} type="primary">
          {t('invalidate.home')}
        </ButtonLink>
      }
      data-testid="invalidate-page"
    />
  );
}
