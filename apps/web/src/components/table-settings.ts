/**
 * The columns (which show, in which order) and the density a person chose for a list, kept in
 * browser storage per user and list (`tableSettingsKey`): pure functions over column keys, so the
 * toolbar's popover and the table agree and the rules are tested without a browser.
 */

/** antd Table sizes, from roomy to compact. */
export const DENSITIES = ['large', 'middle', 'small'] as const;
export type Density = (typeof DENSITIES)[number];

export interface TableSettings {
  /** Column keys in the chosen order; columns added to the list since keep their own place. */
  order?: string[];
  /** Column keys the person hid. Present once they chose columns (then `showFrom` no longer hides). */
  hidden?: string[];
  density?: Density;
}

export interface ArrangedColumn {
  key: string;
  visible: boolean;
}

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;

/** Stored settings read back; unreadable parts are dropped. */
export function parseTableSettings(text: string | null): TableSettings {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (typeof value !== 'object' || value === null) return {};
    const settings: TableSettings = {};
    const order = strings(value.order);
    const hidden = strings(value.hidden);
    if (order) settings.order = order;
    if (hidden) settings.hidden = hidden;
    if (DENSITIES.includes(value.density as Density)) settings.density = value.density as Density;
    return settings;
  } catch {
    return {};
  }
}

/** The list's columns in the chosen order with whether each shows; unknown keys are ignored. */
export function arrangeColumns(keys: readonly string[], settings: TableSettings): ArrangedColumn[] {
  const ordered = (settings.order ?? []).filter(
    (key, i, all) => keys.includes(key) && all.indexOf(key) === i,
  );
  keys.forEach((key, natural) => {
    if (!ordered.includes(key)) ordered.splice(Math.min(natural, ordered.length), 0, key);
  });
  const hidden = new Set(settings.hidden ?? []);
  return ordered.map((key) => ({ key, visible: !hidden.has(key) }));
}

/** The order after moving one column by `delta` places (clamped to the ends). */
export function moveColumn(keys: readonly string[], key: string, delta: number): string[] {
  const order = [...keys];
  const from = order.indexOf(key);
  if (from < 0) return order;
  const to = Math.max(0, Math.min(order.length - 1, from + delta));
  order.splice(from, 1);
  order.splice(to, 0, key);
  return order;
}

/** The hidden keys after showing or hiding one column; the last visible column cannot be hidden. */
export function toggleColumn(arranged: readonly ArrangedColumn[], key: string, visible: boolean): string[] {
  const hidden = new Set(arranged.filter((c) => !c.visible).map((c) => c.key));
  if (visible) hidden.delete(key);
  else if (arranged.filter((c) => c.visible && c.key !== key).length > 0) hidden.add(key);
  return arranged.filter((c) => hidden.has(c.key)).map((c) => c.key);
}

/** Whether the person chose columns themselves (then the table shows exactly their choice). */
export function chosenColumns(settings: TableSettings): boolean {
  return settings.order !== undefined || settings.hidden !== undefined;
}
