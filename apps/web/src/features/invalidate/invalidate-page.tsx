import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeRedirect } from '../../api/guard';
import { ButtonLink } from '../../components/button-link';
import { currentLanguage } from '../../i18n/i18n';

/**
 * Spec §2 Invalidate: the route is not in the user's permitted-route list ("Invalid Permission"). The
 * guard sends the refused address along (`?from=`), and the page names it, so the user can tell an
 * administrator which page they need.
 */
export function InvalidatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // Only a path of this app is shown, never an address someone put in a link.
  const from = safeRedirect(params.get('from'), '');
  return (
    <Result
      status="403"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('invalidate.title')}</h1>}
      subTitle={
        <>
          {t('invalidate.subtitle')}
          {from ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('invalidate.refused')}{' '}
              <Typography.Text code data-testid="invalidate-from" style={{ wordBreak: 'break-all' }}>
                {from}
              </Typography.Text>
            </Typography.Paragraph>
          ) : null}
        </>
      }
      extra={
        <ButtonLink to={`/${currentLanguage()}`} type="primary">
          {t('invalidate.home')}
        </ButtonLink>
      }
      data-testid="invalidate-page"
    />
  );
}
