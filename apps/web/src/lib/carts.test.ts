import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addInspectionApplyItem,
  addOrderTestItem,
  addOriginalSample,
  cartStorageKeys,
  clearAllCarts,
  createCartStore,
  inspectionApplyCart,
  inspectionApplyCartStore,
  markInCart,
  originalSampleEntry,
  removeById,
  toggleSelection,
  useInspectionApplyCart,
  useOrderTestCart,
  useOriginalSampleCart,
  useSelection,
} from './carts';

const apply = (id: string, orderId: string) => ({ id, orderId });
const test = (id: string, departmentId: string, clientId: string) => ({ id, departmentId, clientId });
const sample = (id: string, itemNo: string, name: string) => ({ id, itemNo, name });
const row = (id: string, departmentId: string, clientId: string, factoryId: string) => ({
  id,
  departmentId,
  clientId,
  factoryId,
});

describe('inspection application cart', () => {
  it('adds to an empty cart', () => {
    expect(addInspectionApplyItem([], apply('1', 'o1'))).toEqual({ ok: true, items: [apply('1', 'o1')] });
  });

  it('adds an item of the same order', () => {
    const result = addInspectionApplyItem([apply('1', 'o1')], apply('2', 'o1'));
    expect(result).toEqual({ ok: true, items: [apply('1', 'o1'), apply('2', 'o1')] });
  });

  it('refuses an item when an item of another order is present', () => {
    const items = [apply('1', 'o1')];
    expect(addInspectionApplyItem(items, apply('2', 'o2'))).toEqual({
      ok: false,
      reason: 'E_CART_ORDER',
      items,
    });
  });

  it('keeps an item once', () => {
    const items = [apply('1', 'o1')];
    expect(addInspectionApplyItem(items, apply('1', 'o1')).items).toBe(items);
  });

  it('removes by id', () => {
    expect(removeById([apply('1', 'o1'), apply('2', 'o1')], '1')).toEqual([apply('2', 'o1')]);
  });
});

describe('order test cart', () => {
  it('adds the first item whatever its department and client', () => {
    expect(addOrderTestItem([], test('1', 'd1', 'c1')).ok).toBe(true);
  });

  it('adds an item whose department and client equal the first item’s', () => {
    const items = [test('1', 'd1', 'c1'), test('2', 'd1', 'c1')];
    expect(addOrderTestItem(items, test('3', 'd1', 'c1'))).toEqual({
      ok: true,
      items: [...items, test('3', 'd1', 'c1')],
    });
  });

  it('refuses a different department or a different client', () => {
    const items = [test('1', 'd1', 'c1')];
    expect(addOrderTestItem(items, test('2', 'd2', 'c1'))).toEqual({
      ok: false,
      reason: 'E_CART_CLIENT_DEPT',
      items,
    });
    expect(addOrderTestItem(items, test('3', 'd1', 'c2')).ok).toBe(false);
  });

  it('marks rows in the cart and clears the mark of the others', () => {
    const rows = [
      { id: '1', no: 'A' },
      { id: '2', no: 'B' },
    ];
    expect(markInCart(rows, [test('2', 'd', 'c')])).toEqual([
      { id: '1', no: 'A', inCart: false },
      { id: '2', no: 'B', inCart: true },
    ]);
  });
});

describe('original sample cart', () => {
  it('names an entry "itemNo | name"', () => {
    expect(originalSampleEntry(sample('7', 'IT-01', 'Teddy'))).toEqual({ id: '7', name: 'IT-01 | Teddy' });
  });

  it('never adds a sample twice', () => {
    const once = addOriginalSample([], sample('7', 'IT-01', 'Teddy'));
    expect(addOriginalSample(once, sample('7', 'IT-01', 'Teddy'))).toBe(once);
    expect(once).toHaveLength(1);
  });
});

describe('generic selection', () => {
  const all = { sameDepartment: true, sameClient: true, sameFactory: true };

  it('always allows the first item', () => {
    expect(toggleSelection([], row('1', 'd1', 'c1', 'f1'), all)).toEqual({
      ok: true,
      selected: [row('1', 'd1', 'c1', 'f1')],
    });
  });

  it('refuses a later item that differs from the first where the rule is on', () => {
    const selected = [row('1', 'd1', 'c1', 'f1')];
    expect(toggleSelection(selected, row('2', 'd2', 'c1', 'f1'), all)).toEqual({
      ok: false,
      reason: 'department',
      selected,
    });
    expect(toggleSelection(selected, row('2', 'd1', 'c2', 'f1'), all)).toMatchObject({ reason: 'client' });
    expect(toggleSelection(selected, row('2', 'd1', 'c1', 'f2'), all)).toMatchObject({ reason: 'factory' });
  });

  it('ignores a difference whose rule is off', () => {
    const selected = [row('1', 'd1', 'c1', 'f1')];
    expect(toggleSelection(selected, row('2', 'd2', 'c2', 'f2'), {}).ok).toBe(true);
    expect(toggleSelection(selected, row('2', 'd2', 'c1', 'f1'), { sameClient: true }).ok).toBe(true);
  });

  it('compares with the first item, not the last', () => {
    const selected = [row('1', 'd1', 'c1', 'f1'), row('2', 'd2', 'c1', 'f1')];
    expect(toggleSelection(selected, row('3', 'd2', 'c1', 'f1'), { sameDepartment: true }).ok).toBe(false);
  });

  it('toggles a selected item off', () => {
    const selected = [row('1', 'd1', 'c1', 'f1'), row('2', 'd1', 'c1', 'f1')];
    expect(toggleSelection(selected, row('1', 'd1', 'c1', 'f1'), all)).toEqual({
      ok: true,
      selected: [row('2', 'd1', 'c1', 'f1')],
    });
  });
});

describe('cart stores', () => {
  beforeEach(() => {
    localStorage.clear();
    clearAllCarts();
  });
  afterEach(() => localStorage.clear());

  it('persists under keys prefixed with the product code', () => {
    expect(Object.values(cartStorageKeys).every((key) => key.startsWith('qcdesk.'))).toBe(true);
    inspectionApplyCart.add(apply('1', 'o1'));
    expect(JSON.parse(localStorage.getItem('qcdesk.cart.inspectionApply') ?? '[]')).toEqual([
      apply('1', 'o1'),
    ]);
    inspectionApplyCart.remove('1');
    expect(localStorage.getItem('qcdesk.cart.inspectionApply')).toBeNull();
  });

  it('reads what an earlier visit stored and drops entries a rule cannot use', () => {
    localStorage.setItem('qcdesk.test.cart', JSON.stringify([apply('1', 'o1'), { id: '2' }, 'junk']));
    const store = createCartStore<{ id: string; orderId: string }>('qcdesk.test.cart', (v) => 'orderId' in v);
    expect(store.read()).toEqual([apply('1', 'o1')]);
    expect(createCartStore('qcdesk.test.broken').read()).toEqual([]);
  });

  it('follows a change made in another tab', () => {
    const { result } = renderHook(() => useInspectionApplyCart());
    act(() => {
      localStorage.setItem(inspectionApplyCartStore.key, JSON.stringify([apply('9', 'o9')]));
      window.dispatchEvent(new StorageEvent('storage', { key: inspectionApplyCartStore.key }));
    });
    expect(result.current.items).toEqual([apply('9', 'o9')]);
  });

  it('shares one cart between components', () => {
    const a = renderHook(() => useOrderTestCart());
    const b = renderHook(() => useOrderTestCart());
    let refusal: unknown;
    act(() => {
      a.result.current.add(test('1', 'd1', 'c1'));
      refusal = a.result.current.add(test('2', 'd2', 'c1'));
    });
    expect(refusal).toMatchObject({ ok: false, reason: 'E_CART_CLIENT_DEPT' });
    expect(b.result.current.items).toEqual([test('1', 'd1', 'c1')]);
    expect(b.result.current.isInCart('1')).toBe(true);
    expect(b.result.current.markInCart([{ id: '1' }, { id: '2' }]).map((r) => r.inCart)).toEqual([
      true,
      false,
    ]);
    act(() => b.result.current.remove('1'));
    expect(a.result.current.isInCart('1')).toBe(false);
  });

  it('adds, removes and clears original samples', () => {
    const { result } = renderHook(() => useOriginalSampleCart());
    act(() => {
      result.current.add(sample('1', 'A', 'Bear'));
      result.current.add(sample('1', 'A', 'Bear'));
      result.current.add(sample('2', 'B', 'Cat'));
    });
    expect(result.current.items).toEqual([
      { id: '1', name: 'A | Bear' },
      { id: '2', name: 'B | Cat' },
    ]);
    act(() => result.current.remove('1'));
    expect(result.current.items).toEqual([{ id: '2', name: 'B | Cat' }]);
    act(() => result.current.clear());
    expect(result.current.items).toEqual([]);
    expect(localStorage.getItem(cartStorageKeys.originalSample)).toBeNull();
  });

  it('keeps a named selection under its rules', () => {
    const { result } = renderHook(() => useSelection('orders', { sameFactory: true }));
    act(() => {
      result.current.toggle(row('1', 'd1', 'c1', 'f1'));
    });
    let refusal: unknown;
    act(() => {
      refusal = result.current.toggle(row('2', 'd1', 'c1', 'f2'));
    });
    expect(refusal).toMatchObject({ ok: false, reason: 'factory' });
    expect(result.current.isSelected('1')).toBe(true);
    expect(localStorage.getItem('qcdesk.selection.orders')).not.toBeNull();
    act(() => {
      result.current.toggle(row('1', 'd1', 'c1', 'f1'));
    });
    expect(result.current.selected).toEqual([]);
  });
});
