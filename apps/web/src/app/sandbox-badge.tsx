import { useTranslation } from 'react-i18next';
import { useEnvironment } from '../components/use-environment';
import { palette } from './theme';

/** Marks every screen of the sandbox, next to the brand, in the sandbox theme's teal. */
export function SandboxBadge() {
  const { t } = useTranslation();
  if (useEnvironment() !== 'dev') return null;
  return (
    <span
      data-testid="sandbox-badge"
      style={{
        display: 'inline-block',
        padding: '0 7px',
        lineHeight: '18px',
        fontSize: 12,
        borderRadius: 4,
        color: palette.sandboxBadge.text,
        background: palette.sandboxBadge.background,
        border: `1px solid ${palette.sandboxBadge.border}`,
        whiteSpace: 'nowrap',
      }}
    >
      {t('environment.sandbox')}
    </span>
  );
}
