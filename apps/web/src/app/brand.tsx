import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../i18n/i18n';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The product mark and name, linking home. Colours come from the theme (product purple, dev teal). */
export function Brand({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Link
      to={`/${currentLanguage()}`}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 8,
        whiteSpace: 'nowrap',
        color: token.colorText,
        textDecoration: 'none',
        lineHeight: 1,
      }}
    >
      <span
        aria-hidden
        data-testid="brand-mark"
        style={{
          display: 'inline-grid',
          placeItems: 'center',
          width: 28,
          height: 28,
          borderRadius: 6,
          background: token.colorPrimary,
          color: '#fff',
          fontWeight: 700,
          fontSize: 12,
          flex: 'none',
        }}
      >
        QC
      </span>
      {/* Collapsed, only the mark shows; the name stays for screen readers. */}
      <span style={collapsed ? visuallyHidden : { fontSize: 18, fontWeight: 700 }}>{t('app.name')}</span>
    </Link>
  );
}
