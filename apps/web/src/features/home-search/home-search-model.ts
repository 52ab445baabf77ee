/**
 * Home search as the page shows it (DOMAIN.md §6.11): the modes of the mode select, where a hit
 * leads, and the matched part of a title. Pure functions.
 */
import {
  HOME_SEARCH_SOURCE_KEYS,
  HOME_SEARCH_SOURCES,
  type HomeSearchHit,
  type HomeSearchSource,
} from '@qcdesk/contract/home-search';
import type { Language } from '@qcdesk/contract/messages';
import type { RouteDef } from '@qcdesk/contract/roles';

/** "all", or one source: the spec's six modes and the sources the server adds (materials, samples). */
export type SearchMode = 'all' | HomeSearchSource;

export const SEARCH_MODES: readonly SearchMode[] = ['all', ...HOME_SEARCH_SOURCE_KEYS];

export function isSearchMode(value: unknown): value is SearchMode {
  return typeof value === 'string' && (SEARCH_MODES as readonly string[]).includes(value);
}

/** The groups a mode shows, in the contract's order. */
export function groupsForMode<G extends { source: HomeSearchSource }>(
  groups: readonly G[],
  mode: SearchMode,
): G[] {
  return mode === 'all' ? [...groups] : groups.filter((group) => group.source === mode);
}

/** Test items open their master-data list (the back office); the rest open their record. */
const CONFIG_TYPES: Partial<Record<HomeSearchSource, string>> = { testItem: 'testitem' };

/**
 * The path a hit opens, or null when its route is unknown: the source's route with the hit's id
 * (an order product opens its order, `parentId`).
 */
export function hitPath(
  source: HomeSearchSource,
  hit: Pick<HomeSearchHit, 'id' | 'parentId'>,
  language: Language,
  routes: readonly Pick<RouteDef, 'name' | 'path'>[],
): string | null {
  const def = routes.find((route) => route.name === HOME_SEARCH_SOURCES[source].route);
  if (!def) return null;
  const id = source === 'orderProduct' ? (hit.parentId ?? hit.id) : hit.id;
  const path = def.path
    .replace(':configType?', CONFIG_TYPES[source] ?? '')
    .replace(':id', encodeURIComponent(id))
    .replace(/\/$/, '');
  return `/${language}/${path}`;
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** A title split around every case-insensitive occurrence of the term, so the match can be marked. */
export function highlight(text: string, term: string): TextPart[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const lower = text.toLowerCase();
  // Case folding that changes a string's length would misplace the marks: show it unmarked.
  if (lower.length !== text.length) return [{ text, match: false }];
  const parts: TextPart[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
