import type { Language } from '@qcdesk/contract/messages';
import { ROUTES, type RouteDef } from '@qcdesk/contract/roles';
import type { UIMatch } from 'react-router';

/** Every route of the app carries its name (spec §2 and DOMAIN.md §5.2) as its handle. */
export interface RouteHandle {
  name: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).name === 'string';
}

/** The deepest named route of the current matches. */
export function currentRouteName(matches: readonly UIMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.name;
  }
  return undefined;
}

/** Whether the page is a record's create page: its `:id` is `new` (record-route.tsx). */
export function isCreatePage(matches: readonly UIMatch[]): boolean {
  return matches[matches.length - 1]?.params.id === 'new';
}

export function routeDef(name: string): RouteDef | undefined {
  return ROUTES.find((r) => r.name === name);
}

/**
 * The list route a detail route is reached from (ClientDetail → Client, FirstSampleResult →
 * FirstSample): the menu route of the same module whose path is the longest prefix.
 */
export function parentListRoute(def: RouteDef): RouteDef | undefined {
  if (def.menu) return undefined;
  return ROUTES.filter(
    (r) => r.menu && r.module === def.module && r.path && def.path.startsWith(`${r.path}/`),
  ).sort((a, b) => b.path.length - a.path.length)[0];
}

/** The href of a route without parameters under a language (`Config` drops its optional type). */
export function routeHref(def: RouteDef, language: Language): string {
  const path = def.path.replace(/\/:[A-Za-z]+\?$/, '');
  return path ? `/${language}/${path}` : `/${language}`;
}
