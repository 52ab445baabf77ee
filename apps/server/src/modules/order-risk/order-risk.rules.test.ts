import { describe, expect, it } from 'vitest';
import { worstResult } from '../../domain/test-results';
import {
  type ClientRequirement,
  countryApplies,
  type DerivationInput,
  deriveRiskItems,
  duplicateTestItem,
  expandCountries,
  orderRiskMachine,
  type RiskRule,
  type SampleMaterial,
  syncAction,
} from './order-risk.rules';

// The pure rules of order risk: every rule of the §6.5 derivation, the §6.4 worst-of, the §4.11
// transitions and the issue-16 product test status, as tables.

// Levels: 3 high, 1 low. Types: 100 plastic, 200 textile. Test items: 1000+.
const HIGH = 3n;
const LOW = 1n;
const PLASTIC = 100n;
const TEXTILE = 200n;

const material = (id: bigint, over: Partial<SampleMaterial> = {}): SampleMaterial => ({
  materialId: id,
  partId: 50n,
  riskLevelId: HIGH,
  materialTypeId: PLASTIC,
  highRisk: true,
  ...over,
});
const risk = (id: bigint, testItemIds: bigint[], over: Partial<RiskRule> = {}): RiskRule => ({
  id,
  riskLevelId: HIGH,
  materialTypeId: PLASTIC,
  testItemIds,
  active: true,
  ...over,
});
const requirement = (testItemId: bigint, over: Partial<ClientRequirement> = {}): ClientRequirement => ({
  testItemId,
  countryCode: null,
  productTypes: [1, 2, 3],
  mandatory: true,
  ...over,
});
const groups = new Map<string, readonly string[]>([['EU', ['DE', 'FR']]]);
const input = (over: Partial<DerivationInput>): DerivationInput => ({
  productType: 2,
  materials: [],
  risks: [],
  requirements: [],
  destinations: [],
  groups,
  ...over,
});
const testItemsOf = (i: DerivationInput) => deriveRiskItems(i).items.map((x) => x.testItemId);

describe('order-risk derivation (DOMAIN.md §6.5)', () => {
  it.each<[string, Partial<DerivationInput>, bigint[]]>([
    ['no original sample, no requirements: nothing', {}, []],
    [
      'a high-risk material takes the risk of its level and type',
      { materials: [material(1n)], risks: [risk(7n, [1001n, 1002n])] },
      [1001n, 1002n],
    ],
    [
      'a material whose level is not high risk takes nothing',
      {
        materials: [material(1n, { highRisk: false, riskLevelId: LOW })],
        risks: [risk(7n, [1001n], { riskLevelId: LOW })],
      },
      [],
    ],
    [
      'a risk of another level does not apply',
      { materials: [material(1n)], risks: [risk(7n, [1001n], { riskLevelId: LOW })] },
      [],
    ],
    [
      'a risk of another material type does not apply',
      { materials: [material(1n)], risks: [risk(7n, [1001n], { materialTypeId: TEXTILE })] },
      [],
    ],
    [
      'a risk without a material type applies to every type of its level',
      {
        materials: [material(1n, { materialTypeId: TEXTILE })],
        risks: [risk(7n, [1003n], { materialTypeId: null })],
      },
      [1003n],
    ],
    [
      'a frozen (inactive) risk does not apply',
      { materials: [material(1n)], risks: [risk(7n, [1001n], { active: false })] },
      [],
    ],
    [
      'every applicable risk adds its items',
      { materials: [material(1n)], risks: [risk(7n, [1001n]), risk(8n, [1002n], { materialTypeId: null })] },
      [1001n, 1002n],
    ],
    [
      'a mandatory requirement for every destination and the product type',
      { requirements: [requirement(2001n)] },
      [2001n],
    ],
    ['an optional requirement is left out', { requirements: [requirement(2001n, { mandatory: false })] }, []],
    [
      'a requirement for other product types is left out',
      { productType: 2, requirements: [requirement(2001n, { productTypes: [1, 3] })] },
      [],
    ],
    [
      'a requirement for a destination of the client',
      { destinations: ['US'], requirements: [requirement(2001n, { countryCode: 'US' })] },
      [2001n],
    ],
    [
      'a requirement for another country is left out',
      { destinations: ['US'], requirements: [requirement(2001n, { countryCode: 'CA' })] },
      [],
    ],
    [
      'the client ships to a group: its members count',
      { destinations: ['EU'], requirements: [requirement(2001n, { countryCode: 'DE' })] },
      [2001n],
    ],
    [
      'a requirement for a group applies to a member destination',
      { destinations: ['FR'], requirements: [requirement(2001n, { countryCode: 'EU' })] },
      [2001n],
    ],
    [
      'no destinations: only requirements without a country',
      { requirements: [requirement(2001n, { countryCode: 'US' }), requirement(2002n)] },
      [2002n],
    ],
    [
      'a test item twice for the product is merged (two materials)',
      { materials: [material(1n), material(2n)], risks: [risk(7n, [1001n])] },
      [1001n],
    ],
    [
      'a test item from a risk and a requirement is merged',
      {
        materials: [material(1n)],
        risks: [risk(7n, [1001n])],
        requirements: [requirement(1001n), requirement(2001n)],
      },
      [1001n, 2001n],
    ],
  ])('%s', (_name, over, expected) => {
    expect(testItemsOf(input(over))).toEqual(expected);
  });

  it('keeps the first material, part and risk of a merged item; requirements have none', () => {
    const derived = deriveRiskItems(
      input({
        materials: [material(1n, { partId: 51n }), material(2n, { partId: 52n })],
        risks: [risk(7n, [1001n])],
        requirements: [requirement(2001n)],
      }),
    );
    expect(derived.items).toEqual([
      { testItemId: 1001n, materialId: 1n, partId: 51n, riskId: 7n },
      { testItemId: 2001n, materialId: null, partId: null, riskId: null },
    ]);
  });

  it.each([
    [1, true],
    [2, false],
    [3, false],
  ])('product type %i: full test list needed = %s', (productType, fullTest) => {
    expect(deriveRiskItems(input({ productType })).fullTest).toBe(fullTest);
  });

  it('expands country groups', () => {
    expect([...expandCountries(['EU', 'US'], groups)].sort()).toEqual(['DE', 'EU', 'FR', 'US']);
    expect(countryApplies(null, new Set(), groups)).toBe(true);
    expect(countryApplies('EU', new Set(['DE']), groups)).toBe(true);
    expect(countryApplies('GB', new Set(['DE']), groups)).toBe(false);
  });
});

describe('worst result (DOMAIN.md §6.4)', () => {
  it.each<[number[], number]>([
    [[], 0],
    [[1, 1], 1],
    [[4, 4], 4],
    [[1, 4], 1],
    [[1, 6], 6],
    [[6, 5], 5],
    [[5, 2], 2],
    [[2, 0], 0],
    [[0, 3], 3],
    [[1, 2, 3, 4], 3],
  ])('%j → %i', (results, worst) => {
    expect(worstResult(results)).toBe(worst);
  });
});

describe('order-risk transitions (DOMAIN.md §4.11)', () => {
  const target = (from: number, action: string) =>
    orderRiskMachine.rules.find((r) => r.action === action && r.from.includes(from as never))?.to ?? null;
  it.each([
    [10, 'waive', 40],
    [20, 'waive', 40],
    [30, 'waive', null],
    [40, 'waive', null],
    [10, 'reset', 10],
    [20, 'reset', null],
    [30, 'reset', 10],
    [40, 'reset', 10],
  ])('from %i, %s → %s', (from, action, to) => {
    expect(target(from, action)).toBe(to);
  });

  it('waive needs a reason', () => {
    expect(orderRiskMachine.rules.find((r) => r.action === 'waive')?.reasonRequired).toBe(true);
  });
});

describe('sync decisions (DOMAIN.md §4.11: while the risk is in 10)', () => {
  it.each<[string, { status: number; byCreate: boolean } | undefined, number, string]>([
    ['no risk, items derived', undefined, 2, 'create'],
    ['no risk, nothing derived', undefined, 0, 'none'],
    ['derived risk in 10, items derived', { status: 10, byCreate: false }, 2, 'update'],
    ['derived risk in 10, nothing derived', { status: 10, byCreate: false }, 0, 'remove'],
    ['manual risk in 10', { status: 10, byCreate: true }, 2, 'skip'],
    ['risk in 20', { status: 20, byCreate: false }, 2, 'skip'],
    ['risk in 30', { status: 30, byCreate: false }, 0, 'skip'],
    ['risk in 40', { status: 40, byCreate: false }, 2, 'skip'],
  ])('%s → %s', (_name, existing, count, action) => {
    expect(syncAction(existing, count)).toBe(action);
  });

  it('finds a test item written twice', () => {
    expect(duplicateTestItem([{ testItemId: 1n }, { testItemId: 1n }])).toBe(true);
    expect(duplicateTestItem([{ testItemId: 1n }, { testItemId: 2n }])).toBe(false);
  });
});
