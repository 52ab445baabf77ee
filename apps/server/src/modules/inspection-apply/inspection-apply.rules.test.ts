import { INSPECTION_APPLY_STATUS } from '@qcdesk/contract/inspection-apply';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/auth';
import {
  applyActions,
  byFactory,
  cancelAction,
  checkAdvanceDays,
  checkCart,
  checkQuantity,
  exemptFromAdvanceDays,
  type InspectionApplyRecord,
  mayModifyQuantity,
  openQuantity,
  splitRest,
  submitWarnings,
} from './inspection-apply.rules';

const { draft, submitted, planned, inspecting, completed, returned, cancelled } = INSPECTION_APPLY_STATUS;

const user = (permissions: string[], userId = 7n): Principal => ({
  userId,
  username: 'u',
  displayName: 'u',
  permissions: new Set(permissions),
  roleCode: 'SALES',
});
const sales = user(['inspapply.search', 'inspapply.edit']);
const salesMgr = user(['inspapply.search', 'inspapply.edit', 'inspapply.waive']);
const qcMgr = user(['inspapply.search', 'inspapply.waive', 'inspplan.create']);
const record = (status: number, createdBy = 7n) => ({ status, createdBy }) as InspectionApplyRecord;

describe('the cart (DOMAIN.md §6.1)', () => {
  it('takes products of one order and groups them by factory in order of appearance', () => {
    expect(
      checkCart([
        { id: 1n, orderId: 5n },
        { id: 2n, orderId: 5n },
      ]),
    ).toBe(5n);
    expect(() =>
      checkCart([
        { id: 1n, orderId: 5n },
        { id: 2n, orderId: 6n },
      ]),
    ).toThrow('E_CART_ORDER');
    expect(() => checkCart([])).toThrow('E_REQUIRED');
    const groups = byFactory([
      { id: 1, factoryId: 9n },
      { id: 2, factoryId: 8n },
      { id: 3, factoryId: 9n },
    ]);
    expect(groups.map((g) => g.map((i) => i.id))).toEqual([[1, 3], [2]]);
  });
});

describe('quantities (§4.1, §7.2)', () => {
  it.each([
    [1000, 0, 1000],
    [1000, 600, 400],
    [1000, 1000, 0],
    [1000, 1200, 0],
  ])('quantity %i, applied elsewhere %i → open %i', (quantity, elsewhere, open) => {
    expect(openQuantity(quantity, elsewhere)).toBe(open);
  });

  it('refuses above the open quantity with n', () => {
    expect(() => checkQuantity(400, 400, 'items.0.applyQuantity')).not.toThrow();
    expect(() => checkQuantity(401, 400, 'items.0.applyQuantity')).toThrow('E_QTY_EXCEEDS');
  });

  it('splits the rest of each lowered item', () => {
    const before = [
      { orderProductId: 1n, applyQuantity: 100 },
      { orderProductId: 2n, applyQuantity: 50 },
    ];
    expect(splitRest(before, new Map([[1n, 60]]))).toEqual([{ orderProductId: 1n, applyQuantity: 40 }]);
    expect(splitRest(before, new Map([[2n, 50]]))).toEqual([]);
  });
});

describe('advance days and warnings (§6.7, §6.8)', () => {
  it.each([
    [1, false],
    [2, true],
    [3, true],
    [4, false],
  ])('apply type %i exempt: %s', (type, exempt) => {
    expect(exemptFromAdvanceDays(type)).toBe(exempt);
  });

  it('refuses a date before the earliest', () => {
    expect(() => checkAdvanceDays('2026-10-09', '2026-10-09', 2)).not.toThrow();
    expect(() => checkAdvanceDays('2026-10-08', '2026-10-09', 2)).toThrow('E_ADVANCE_DAYS');
  });

  it.each([
    ['2026-10-09', ['2026-10-20'], true, []],
    ['2026-10-21', ['2026-10-30', '2026-10-20'], true, ['W_AFTER_DELIVERY']],
    ['2026-10-10', ['2026-10-20'], false, ['W_NON_WORKING_DAY']],
    ['2026-10-25', ['2026-10-20'], false, ['W_AFTER_DELIVERY', 'W_NON_WORKING_DAY']],
  ])('expected %s, delivery %o, working %s → %o', (expectedDate, deliveryDates, workingDay, keys) => {
    const warnings = submitWarnings({ expectedDate, deliveryDates, workingDay });
    expect(warnings.map((w) => w.key)).toEqual(keys);
    for (const w of warnings) expect(w.zh && w.en).toBeTruthy();
  });
});

describe('who may do what (§4.1, §5.2)', () => {
  it.each([
    [draft, sales, true],
    [submitted, sales, true],
    [planned, sales, false],
    [planned, qcMgr, true],
    [inspecting, qcMgr, false],
    [completed, salesMgr, false],
  ])('status %i: modify quantity %s', (status, who, may) => {
    expect(mayModifyQuantity(status, who)).toBe(may);
  });

  it.each([
    [record(draft), sales, 'cancel'],
    [record(draft, 8n), sales, null],
    [record(returned, 8n), salesMgr, 'cancelAny'],
    [record(submitted, 8n), qcMgr, 'cancelAny'],
    [record(planned), sales, null],
    [record(planned), qcMgr, 'cancelPlanned'],
    [record(completed), salesMgr, null],
    [record(cancelled), salesMgr, null],
  ])('%o by %o → %s', (r, who, action) => {
    expect(cancelAction(r, who)).toBe(action);
  });

  it.each([
    [draft, sales, ['update', 'submit', 'cancel', 'updateqnty']],
    [submitted, sales, ['cancel', 'updateqnty']],
    [submitted, qcMgr, ['return', 'waive', 'cancel']],
    [planned, qcMgr, ['waive', 'cancel', 'updateqnty']],
    [completed, qcMgr, []],
  ])('status %i actions', (status, who, actions) => {
    expect(applyActions(record(status) as InspectionApplyRecord, who)).toEqual(actions);
  });
});
