import { SearchOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import type { Session } from '../api/guard';
import { MODULE_ICONS } from '../components/module-icons';
import { currentLanguage } from '../i18n/i18n';
import { currentRouteName, parentListRoute, routeDef } from '../lib/route-handle';
import { type MenuEntry, menuModel, selectedMenuKey } from './menu-model';
import { rememberedRoute } from './route-memory';

type Item = Required<MenuProps>['items'][number];

/** Back to a list, the menu returns to it as it was left (its page and filters), in this language. */
function hrefOf(entry: MenuEntry): string {
  const base = entry.href ?? '/';
  const last = rememberedRoute(entry.key)?.href;
  return last && (last === base || last.startsWith(`${base}?`)) ? last : base;
}

function toItem(entry: MenuEntry, onNavigate: () => void, topLevel = true): Item {
  const icon = topLevel ? (
    entry.key === 'HomeSearch' ? (
      <SearchOutlined aria-hidden />
    ) : (
      MODULE_ICONS[entry.module]
    )
  ) : undefined;
  if (entry.children) {
    return {
      key: entry.key,
      icon,
      label: entry.label,
      children: entry.children.map((child) => toItem(child, onNavigate, false)),
    };
  }
  // A real link, so a list opens in a new tab too.
  return {
    key: entry.key,
    icon,
    label: (
      <Link to={hrefOf(entry)} onClick={onNavigate}>
        {entry.label}
      </Link>
    ),
  };
}

export function SideMenu({
  session,
  collapsed = false,
  onNavigate = () => {},
}: {
  session: Session;
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const matches = useMatches();
  const routeName = currentRouteName(matches);
  const entries = useMemo(() => menuModel(session.navigation, language), [session.navigation, language]);

  const keys = useMemo(() => {
    const all = new Set<string>();
    for (const entry of entries) for (const leaf of entry.children ?? [entry]) all.add(leaf.key);
    return all;
  }, [entries]);
  const selected = selectedMenuKey(routeName, keys, (name) => {
    const def = routeDef(name);
    return def ? parentListRoute(def)?.name : undefined;
  });
  const owner = entries.find((entry) => entry.children?.some((child) => child.key === selected));
  const [openKeys, setOpenKeys] = useState<string[]>(owner ? [owner.key] : []);

  const items = entries.map((entry) => toItem(entry, onNavigate));
  return (
    <nav aria-label={t('shell.menu')}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        inlineCollapsed={collapsed}
        style={{ borderInlineEnd: 'none' }}
        data-testid="side-menu"
      />
    </nav>
  );
}
