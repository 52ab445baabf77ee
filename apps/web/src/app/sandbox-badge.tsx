import { useTranslation } from 'react-i18next';
import { useEnvironment } from '../components/use-environment';
import { palette } from './theme';

/** Marks every screen of the sandbox, next to the brand (pink, the secondary colour of spec §1). */
export function SandboxBadge() {
  const { t } = useTranslation();
  if (useEnvironment() !== 'dev') return null;
  return (
    <span
      data-testid="sandbox-badge"
      style={{
        display: 'inline-block',
        padding: '0 7px',
        lineHeight: '20px',
        fontSize: 12,
        borderRadius: 4,
        color: '#fff',
        background: palette.secondaryText,
        whiteSpace: 'nowrap',
      }}
    >
      {t('environment.sandbox')}
    </span>
  );
}
