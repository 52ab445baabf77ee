import type { Language } from '@qcdesk/contract/messages';
import { isModuleCode, MODULE_LABELS, type ModuleCode } from '@qcdesk/contract/roles';
import type { Session } from '../api/guard';
import { routeDef, routeHref } from '../lib/route-handle';

export interface MenuEntry {
  /** A route name for a leaf, `module:<CODE>` for a group. */
  key: string;
  label: string;
  module: ModuleCode;
  href?: string;
  children?: MenuEntry[];
}

/**
 * The side menu of a session (spec §6 "a menu is fetched by permission"): its held modules in menu
 * order, each with its permitted list routes. Home's routes sit at the top level; a module with a
 * single route is one entry rather than a group of one.
 */
export function menuModel(navigation: Session['navigation'], language: Language): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const module of navigation.main) {
    if (!isModuleCode(module)) continue;
    const leaves: MenuEntry[] = (navigation.secondary[module] ?? []).flatMap((name) => {
      const def = routeDef(name);
      return def
        ? [{ key: def.name, label: def.label[language], module, href: routeHref(def, language) }]
        : [];
    });
    if (module === 'HOME') entries.push(...leaves);
    else if (leaves.length === 1 && leaves[0]) entries.push(leaves[0]);
    else if (leaves.length > 1) {
      entries.push({
        key: `module:${module}`,
        label: MODULE_LABELS[module][language],
        module,
        children: leaves,
      });
    }
  }
  return entries;
}

/** The menu entry a route lights up: itself when in the menu, else the list it is reached from. */
export function selectedMenuKey(
  routeName: string | undefined,
  menuKeys: ReadonlySet<string>,
  listOf: (name: string) => string | undefined,
): string | undefined {
  if (!routeName) return undefined;
  if (menuKeys.has(routeName)) return routeName;
  const list = listOf(routeName);
  return list && menuKeys.has(list) ? list : undefined;
}
