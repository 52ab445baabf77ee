import { ORDER_RISK_STATUS } from '@qcdesk/contract/order-risk';
import { defineStateMachine } from '../../platform/transition';

// The pure rules of order risk: the derivation of DOMAIN.md §6.5 and the status rules of §4.11 (the
// §6.4 worst-of and the product test status of issue 25 are in domain/). No database here.

export const ORDER_RISK_ENTITY = 'order_risks';
export const EDIT_PERMISSION = 'orderrisk.edit';
/** Statuses whose items may be written (`update/item`) and that sync may re-derive. */
export const EDITABLE_STATUSES: readonly number[] = [ORDER_RISK_STATUS.pending];

const { pending, testing, done, waived } = ORDER_RISK_STATUS;

/** DOMAIN.md §4.11: waive (10, 20 → 40, reason) and reset (10, 30, 40 → 10; refused in 20). */
export const orderRiskMachine = defineStateMachine(ORDER_RISK_ENTITY, [
  {
    from: [pending, testing],
    action: 'waive',
    to: waived,
    permission: EDIT_PERMISSION,
    reasonRequired: true,
  },
  { from: [pending, done, waived], action: 'reset', to: pending, permission: 'orderrisk.reset' },
]);

// -- §6.5 derivation -------------------------------------------------------------------------------

/** A material of the product's original sample, with its risk level. */
export interface SampleMaterial {
  materialId: bigint;
  partId: bigint;
  riskLevelId: bigint;
  materialTypeId: bigint;
  /** The risk level's `highRisk`. */
  highRisk: boolean;
}

/** A Risk row of the config list `risk`. */
export interface RiskRule {
  id: bigint;
  riskLevelId: bigint;
  /** Empty: every material type of the level. */
  materialTypeId: bigint | null;
  testItemIds: readonly bigint[];
  active: boolean;
}

/** A ClientTestRequirement row. */
export interface ClientRequirement {
  testItemId: bigint;
  /** Null: every destination. May be a group (EU). */
  countryCode: string | null;
  productTypes: readonly number[];
  mandatory: boolean;
}

export interface DerivationInput {
  /** enum ProductType of the order product. */
  productType: number;
  /** The materials of its original sample (none without a sample), in the sample's order. */
  materials: readonly SampleMaterial[];
  risks: readonly RiskRule[];
  requirements: readonly ClientRequirement[];
  /** The client's destination countries (codes, groups allowed). */
  destinations: readonly string[];
  /** Country groups: group code → member codes (`countries.countrys`). */
  groups: ReadonlyMap<string, readonly string[]>;
}

export interface DerivedItem {
  testItemId: bigint;
  materialId: bigint | null;
  partId: bigint | null;
  riskId: bigint | null;
}

export interface Derivation {
  items: DerivedItem[];
  /** A new product (type 1) needs the full list on a full test order besides these items. */
  fullTest: boolean;
}

export const NEW_PRODUCT_TYPE = 1;

/** A country code and, for a group, its members. */
export function expandCountries(codes: readonly string[], groups: ReadonlyMap<string, readonly string[]>) {
  const out = new Set<string>();
  for (const code of codes) {
    out.add(code);
    for (const member of groups.get(code) ?? []) out.add(member);
  }
  return out;
}

/** Whether a requirement's country applies to the client's destinations (§6.5). */
export function countryApplies(
  countryCode: string | null,
  destinations: ReadonlySet<string>,
  groups: ReadonlyMap<string, readonly string[]>,
): boolean {
  if (!countryCode) return true;
  for (const code of expandCountries([countryCode], groups)) if (destinations.has(code)) return true;
  return false;
}

/** Whether a Risk row applies to a material: its level, and its type or no type. */
export const riskApplies = (risk: RiskRule, m: SampleMaterial) =>
  risk.active &&
  risk.riskLevelId === m.riskLevelId &&
  (risk.materialTypeId === null || risk.materialTypeId === m.materialTypeId);

/**
 * DOMAIN.md §6.5: for each high-risk material, the test items of every active Risk row of its level
 * and type (or no type); then the client's mandatory requirements for the product's type and the
 * client's destinations. A test item is kept once per product (the first occurrence wins).
 */
export function deriveRiskItems(input: DerivationInput): Derivation {
  const items = new Map<bigint, DerivedItem>();
  const add = (item: DerivedItem) => {
    if (!items.has(item.testItemId)) items.set(item.testItemId, item);
  };
  for (const m of input.materials) {
    if (!m.highRisk) continue;
    for (const risk of input.risks) {
      if (!riskApplies(risk, m)) continue;
      for (const testItemId of risk.testItemIds) {
        add({ testItemId, materialId: m.materialId, partId: m.partId, riskId: risk.id });
      }
    }
  }
  const destinations = expandCountries(input.destinations, input.groups);
  for (const r of input.requirements) {
    if (!r.mandatory || !r.productTypes.includes(input.productType)) continue;
    if (!countryApplies(r.countryCode, destinations, input.groups)) continue;
    add({ testItemId: r.testItemId, materialId: null, partId: null, riskId: null });
  }
  return { items: [...items.values()], fullTest: input.productType === NEW_PRODUCT_TYPE };
}

// -- Sync decisions --------------------------------------------------------------------------------

export type SyncAction = 'create' | 'update' | 'remove' | 'skip' | 'none';

/**
 * What sync does to one product (DOMAIN.md §4.11: "while the risk is in 10"): no risk → create when
 * anything is derived; a derived risk in 10 → update (or remove when nothing is derived); a manual
 * risk or one in 20–40 → skip.
 */
export function syncAction(
  existing: { status: number; byCreate: boolean } | undefined,
  derivedCount: number,
): SyncAction {
  if (!existing) return derivedCount > 0 ? 'create' : 'none';
  if (existing.byCreate || existing.status !== pending) return 'skip';
  return derivedCount > 0 ? 'update' : 'remove';
}

/** The item list of a manual write: a test item once (E_DUPLICATE on `items`). */
export function duplicateTestItem(items: readonly { testItemId: bigint }[]): boolean {
  return new Set(items.map((i) => i.testItemId)).size !== items.length;
}
