import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { currentLanguage } from '../../i18n/i18n';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('notFound.title')}</h1>}
      subTitle={t('notFound.subtitle')}
      extra={
        <ButtonLink to={`/${currentLanguage()}`} type="primary">
          {t('notFound.home')}
        </ButtonLink>
      }
      data-testid="not-found-page"
    />
  );
}
