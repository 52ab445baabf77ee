import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec §1: copyright from 2018 to the current year. */
export function AppFooter() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <footer style={{ textAlign: 'center', color: token.colorTextSecondary, padding: 16 }}>
      {t('app.copyright', { year: new Date().getFullYear() })}
    </footer>
  );
}
