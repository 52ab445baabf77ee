import { GlobalOutlined } from '@ant-design/icons';
import type { Language } from '@qcdesk/contract/messages';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { currentLanguage } from '../i18n/i18n';
import { htmlLang, rememberLanguage } from '../i18n/language';

/**
 * Switches to the other language: the UI, the language segment of the URL, and the remembered choice.
 * The button names the target language in that language, as language pickers do; on phones only
 * its short form shows.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const next: Language = currentLanguage() === 'zh' ? 'en' : 'zh';

  const change = () => {
    rememberLanguage(next);
    void i18n.changeLanguage(next);
    const rest = location.pathname.split('/').slice(2).join('/');
    void navigate({
      pathname: `/${next}${rest ? `/${rest}` : ''}`,
      search: location.search,
      hash: location.hash,
    });
  };

  const name = next === 'en' ? t('language.en') : t('language.zh');
  const short = next === 'en' ? t('language.enShort') : t('language.zhShort');
  return (
    <Button
      icon={<GlobalOutlined aria-hidden />}
      onClick={change}
      title={`${t('language.label')}: ${name}`}
      data-testid="language-switch"
    >
      <span lang={htmlLang(next)}>{compact ? short : name}</span>
    </Button>
  );
}
