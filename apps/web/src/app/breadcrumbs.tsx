import { HomeOutlined } from '@ant-design/icons';
import { MODULE_LABELS } from '@qcdesk/contract/roles';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { currentLanguage } from '../i18n/i18n';
import { currentRouteName, isCreatePage, parentListRoute, routeDef, routeHref } from '../lib/route-handle';
import { rememberedRoute } from './route-memory';
import { routeTitle } from './route-title';

type Crumb = { key: string; title: React.ReactNode };

/** Home › module › list › detail, from the route's name (the list link returns to the list as it was left). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const matches = useMatches();
  const name = currentRouteName(matches);
  const home = `/${language}`;

  const items: Crumb[] = [];
  const homeLabel = (
    <>
      <HomeOutlined aria-hidden /> <span>{t('shell.home')}</span>
    </>
  );
  if (name === 'Home') {
    items.push({ key: 'home', title: homeLabel });
  } else {
    items.push({ key: 'home', title: <Link to={home}>{homeLabel}</Link> });
    const def = name ? routeDef(name) : undefined;
    const list = def ? parentListRoute(def) : undefined;
    const current = routeTitle(name, language, t, isCreatePage(matches));
    // A module named like its only list (客户 › 客户) is said once.
    const moduleLabel = def && def.module !== 'HOME' ? MODULE_LABELS[def.module][language] : undefined;
    if (moduleLabel && moduleLabel !== (list ? list.label[language] : current))
      items.push({ key: 'module', title: moduleLabel });
    if (list) {
      const href = rememberedRoute(list.name)?.href ?? routeHref(list, language);
      items.push({ key: list.name, title: <Link to={href}>{list.label[language]}</Link> });
    }
    items.push({ key: 'current', title: current });
  }
  return <Breadcrumb items={items} aria-label={t('shell.breadcrumb')} data-testid="breadcrumbs" />;
}
