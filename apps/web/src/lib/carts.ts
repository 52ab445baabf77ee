/**
 * Carts of spec §3/§4 and DOMAIN.md §6.1: pure rules, a storage-backed store per cart (keys carry the
 * product code, `qcdesk.cart.*`) and one React hook per cart that every component shares. The server
 * re-validates every cart on create; these rules only spare people a refused submit.
 *
 * - Inspection application: add if the cart is empty or holds no item of another order (E_CART_ORDER);
 *   remove by id.
 * - Order test: add only if department and client equal the first item's (E_CART_CLIENT_DEPT); rows in
 *   the cart carry `inCart` (markInCart), removing clears it.
 * - Original sample: add, remove, clear; never twice (silently ignored); entries `{id, name}` with the
 *   name shown as "itemNo | name".
 * - Generic selection: the first item is always allowed; later items must match the first's department,
 *   client or factory when that rule is on; selecting a selected item toggles it off.
 */
import { PRODUCT_CODE } from '@qcdesk/contract/constants';
import type { Reason } from '@qcdesk/contract/messages';
import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage';

export interface CartItem {
  id: string;
}

export type CartResult<T> =
  | { ok: true; items: readonly T[] }
  | { ok: false; reason: Reason; items: readonly T[] };

const accepted = <T>(items: readonly T[]): CartResult<T> => ({ ok: true, items });
const refused = <T>(items: readonly T[], reason: Reason): CartResult<T> => ({ ok: false, reason, items });

export function removeById<T extends CartItem>(items: readonly T[], id: string): readonly T[] {
  return items.some((item) => item.id === id) ? items.filter((item) => item.id !== id) : items;
}

// -- Rules ---------------------------------------------------------------------------------------

export interface InspectionApplyCartItem extends CartItem {
  /** The order product's id. */
  id: string;
  orderId: string;
  orderNo?: string;
  productNo?: string;
  /** The server splits the items by factory into one application each. */
  factoryId?: string;
  factoryName?: string;
}

/** Allowed if the cart is empty or no item of another order is present; an item already in it stays once. */
export function addInspectionApplyItem<T extends InspectionApplyCartItem>(
  items: readonly T[],
  item: T,
): CartResult<T> {
  if (items.some((other) => other.orderId !== item.orderId)) return refused(items, 'E_CART_ORDER');
  if (items.some((other) => other.id === item.id)) return accepted(items);
  return accepted([...items, item]);
}

export interface OrderTestCartItem extends CartItem {
  id: string;
  departmentId: string;
  clientId: string;
  orderNo?: string;
  productNo?: string;
  clientName?: string;
  departmentName?: string;
}

/** Allowed only if department and client equal those of the first cart item (an empty cart takes any). */
export function addOrderTestItem<T extends OrderTestCartItem>(items: readonly T[], item: T): CartResult<T> {
  const first = items[0];
  if (first && (first.departmentId !== item.departmentId || first.clientId !== item.clientId)) {
    return refused(items, 'E_CART_CLIENT_DEPT');
  }
  if (items.some((other) => other.id === item.id)) return accepted(items);
  return accepted([...items, item]);
}

/** The client-side `inCart` mark of spec §3: set on the rows the order-test cart holds, clear on the others. */
export function markInCart<R extends CartItem>(
  rows: readonly R[],
  cart: readonly CartItem[],
): (R & { inCart: boolean })[] {
  const ids = new Set(cart.map((item) => item.id));
  return rows.map((row) => ({ ...row, inCart: ids.has(row.id) }));
}

export interface OriginalSampleCartEntry extends CartItem {
  id: string;
  /** "itemNo | name" */
  name: string;
}

export interface OriginalSampleLike {
  id: string;
  itemNo: string;
  name: string;
}

export function originalSampleEntry(sample: OriginalSampleLike): OriginalSampleCartEntry {
  return { id: sample.id, name: `${sample.itemNo} | ${sample.name}` };
}

/** Never twice: a sample already in the cart is silently ignored. */
export function addOriginalSample(
  entries: readonly OriginalSampleCartEntry[],
  sample: OriginalSampleLike,
): readonly OriginalSampleCartEntry[] {
  if (entries.some((entry) => entry.id === sample.id)) return entries;
  return [...entries, originalSampleEntry(sample)];
}

export interface SelectionRules {
  sameDepartment?: boolean;
  sameClient?: boolean;
  sameFactory?: boolean;
}

export interface SelectableItem extends CartItem {
  id: string;
  departmentId?: string | null;
  clientId?: string | null;
  factoryId?: string | null;
}

export type SelectionRefusal = 'department' | 'client' | 'factory';

export type SelectionResult<T> =
  | { ok: true; selected: readonly T[] }
  | { ok: false; reason: SelectionRefusal; selected: readonly T[] };

/** Selecting a selected item toggles it off; the first is always allowed; later ones must match the first. */
export function toggleSelection<T extends SelectableItem>(
  selected: readonly T[],
  item: T,
  rules: SelectionRules,
): SelectionResult<T> {
  if (selected.some((other) => other.id === item.id)) {
    return { ok: true, selected: selected.filter((other) => other.id !== item.id) };
  }
  const first = selected[0];
  if (first) {
    if (rules.sameDepartment && first.departmentId !== item.departmentId) {
      return { ok: false, reason: 'department', selected };
    }
    if (rules.sameClient && first.clientId !== item.clientId)
      return { ok: false, reason: 'client', selected };
    if (rules.sameFactory && first.factoryId !== item.factoryId)
      return { ok: false, reason: 'factory', selected };
  }
  return { ok: true, selected: [...selected, item] };
}

// -- Stores --------------------------------------------------------------------------------------

export const cartStorageKeys = {
  inspectionApply: `${PRODUCT_CODE}.cart.inspectionApply`,
  orderTest: `${PRODUCT_CODE}.cart.orderTest`,
  originalSample: `${PRODUCT_CODE}.cart.originalSample`,
} as const;

export interface CartStore<T extends CartItem> {
  readonly key: string;
  read(): readonly T[];
  write(items: readonly T[]): void;
  subscribe(listener: () => void): () => void;
}

const EMPTY: readonly never[] = Object.freeze([]);

function parseItems<T extends CartItem>(
  raw: string | null,
  isItem: (value: object) => boolean,
): readonly T[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    // A hand-edited or older entry without the fields a rule needs is dropped rather than trusted.
    return value.filter(
      (item): item is T =>
        typeof item === 'object' && item !== null && typeof item.id === 'string' && isItem(item),
    );
  } catch {
    return EMPTY;
  }
}

/**
 * Memory holds the truth and writes through to local storage, so a blocked storage loses only the
 * persistence; another tab's change arrives by the `storage` event.
 */
export function createCartStore<T extends CartItem>(
  key: string,
  isItem: (value: object) => boolean = () => true,
): CartStore<T> {
  let items: readonly T[] | undefined;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return;
    items = parseItems<T>(readStorage('localStorage', key), isItem);
    notify();
  };
  return {
    key,
    read() {
      items ??= parseItems<T>(readStorage('localStorage', key), isItem);
      return items;
    },
    write(next) {
      items = next.length === 0 ? EMPTY : next;
      writeStorage('localStorage', key, next.length === 0 ? null : JSON.stringify(next));
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined')
        window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') {
          window.removeEventListener('storage', onStorage);
        }
      };
    },
  };
}

const hasString = (value: object, field: string) =>
  typeof (value as Record<string, unknown>)[field] === 'string';

export const inspectionApplyCartStore = createCartStore<InspectionApplyCartItem>(
  cartStorageKeys.inspectionApply,
  (value) => hasString(value, 'orderId'),
);
export const orderTestCartStore = createCartStore<OrderTestCartItem>(
  cartStorageKeys.orderTest,
  (value) => hasString(value, 'departmentId') && hasString(value, 'clientId'),
);
export const originalSampleCartStore = createCartStore<OriginalSampleCartEntry>(
  cartStorageKeys.originalSample,
  (value) => hasString(value, 'name'),
);

function useStore<T extends CartItem>(store: CartStore<T>): readonly T[] {
  return useSyncExternalStore(store.subscribe, store.read, store.read);
}

// -- Cart actions and hooks ----------------------------------------------------------------------

function applied<T extends CartItem>(store: CartStore<T>, result: CartResult<T>): CartResult<T> {
  if (result.ok && result.items !== store.read()) store.write(result.items);
  return result;
}

export const inspectionApplyCart = {
  add: (item: InspectionApplyCartItem) =>
    applied(inspectionApplyCartStore, addInspectionApplyItem(inspectionApplyCartStore.read(), item)),
  remove: (id: string) => inspectionApplyCartStore.write(removeById(inspectionApplyCartStore.read(), id)),
  clear: () => inspectionApplyCartStore.write(EMPTY),
};

export const orderTestCart = {
  add: (item: OrderTestCartItem) =>
    applied(orderTestCartStore, addOrderTestItem(orderTestCartStore.read(), item)),
  remove: (id: string) => orderTestCartStore.write(removeById(orderTestCartStore.read(), id)),
  clear: () => orderTestCartStore.write(EMPTY),
};

export const originalSampleCart = {
  add: (sample: OriginalSampleLike) =>
    originalSampleCartStore.write(addOriginalSample(originalSampleCartStore.read(), sample)),
  remove: (id: string) => originalSampleCartStore.write(removeById(originalSampleCartStore.read(), id)),
  clear: () => originalSampleCartStore.write(EMPTY),
};

/** Empties every cart, e.g. when the user signs out so the next user on this browser starts clean. */
export function clearAllCarts(): void {
  inspectionApplyCart.clear();
  orderTestCart.clear();
  originalSampleCart.clear();
  for (const store of selectionStores.values()) store.write(EMPTY);
}

export function useInspectionApplyCart() {
  return { items: useStore(inspectionApplyCartStore), ...inspectionApplyCart };
}

export function useOrderTestCart() {
  const items = useStore(orderTestCartStore);
  return {
    items,
    ...orderTestCart,
    isInCart: (id: string) => items.some((item) => item.id === id),
    markInCart: <R extends CartItem>(rows: readonly R[]) => markInCart(rows, items),
  };
}

export function useOriginalSampleCart() {
  return { items: useStore(originalSampleCartStore), ...originalSampleCart };
}

const selectionStores = new Map<string, CartStore<SelectableItem>>();

/** One selection store per list (`qcdesk.selection.<name>`), shared by every component that names it. */
export function selectionStore(name: string): CartStore<SelectableItem> {
  let store = selectionStores.get(name);
  if (!store) {
    store = createCartStore<SelectableItem>(`${PRODUCT_CODE}.selection.${name}`);
    selectionStores.set(name, store);
  }
  return store;
}

/** Generic selection for a list's bulk actions, under the list's rules. */
export function useSelection<T extends SelectableItem>(name: string, rules: SelectionRules) {
  const store = selectionStore(name) as CartStore<T>;
  const selected = useStore(store);
  return {
    selected,
    isSelected: (id: string) => selected.some((item) => item.id === id),
    toggle: (item: T): SelectionResult<T> => {
      const result = toggleSelection(store.read(), item, rules);
      if (result.ok) store.write(result.selected);
      return result;
    },
    clear: () => store.write(EMPTY),
  };
}
