import { areas } from '@qcdesk/contract';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { standardExports } from './standard.export';
import { countryStandardHits, KINDS, type KindName, testItemHits } from './standard.queries';
import { seedStandards } from './standard.seed';
import {
  createStandard,
  getStandard,
  getStandardTests,
  searchStandards,
  updateStandard,
  updateStandardTests,
} from './standard.service';

const ops = areas.standard;

function registerStandardOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  const family = (
    kind: KindName,
    f: {
      search: typeof ops.searchCommonStandards | typeof ops.searchCountryRequirements;
      details: typeof ops.getCommonStandard;
      create: typeof ops.createCommonStandard | typeof ops.createCountryRequirement;
      update: typeof ops.updateCommonStandard | typeof ops.updateCountryRequirement;
      tests: typeof ops.getCommonStandardTests;
      updateTests: typeof ops.updateCommonStandardTests;
    },
  ) => {
    registerOperation(registry, f.search, (input, ctx) => searchStandards(ctx.db, kind, input, ctx.user), {
      transaction: false,
    });
    registerOperation(registry, f.details, async (input, ctx) => {
      const { detail, flags } = await getStandard(ctx.db, kind, input.id, ctx.user);
      ctx.setFlags(flags);
      return detail;
    });
    registerOperation(registry, f.create, (input, ctx) => createStandard(ctx.db, kind, input, ctx.user));
    registerOperation(registry, f.update, (input, ctx) => updateStandard(ctx.db, kind, input, ctx.user));
    registerOperation(registry, f.tests, async (input, ctx) => {
      const { detail, flags } = await getStandardTests(ctx.db, kind, input.id, ctx.user);
      ctx.setFlags(flags);
      return detail;
    });
    registerOperation(registry, f.updateTests, (input, ctx) =>
      updateStandardTests(ctx.db, kind, input, ctx.user),
    );
  };
  family('common', {
    search: ops.searchCommonStandards,
    details: ops.getCommonStandard,
    create: ops.createCommonStandard,
    update: ops.updateCommonStandard,
    tests: ops.getCommonStandardTests,
    updateTests: ops.updateCommonStandardTests,
  });
  family('country', {
    search: ops.searchCountryRequirements,
    details: ops.getCountryRequirement,
    create: ops.createCountryRequirement,
    update: ops.updateCountryRequirement,
    tests: ops.getCountryRequirementTests,
    updateTests: ops.updateCountryRequirementTests,
  });
}

/** A standard's test rows are logged by test item code (`tests[T-EN71-1]`). */
const TEST_KEY = { source: 'testitem', by: 'code' } as const;

export const standardModule = defineModule({
  name: 'standard',
  register: registerStandardOperations,
  seed: seedStandards,
  // Standards have no record scope (DOMAIN.md §5.4).
  changeLog: [
    {
      entity: KINDS.common.entity,
      permission: ops.getCommonStandard.permission,
      readable: 'unscoped',
      unscopedBecause: 'standards have no record scope',
      fields: { 'tests[]': TEST_KEY },
    },
    {
      entity: KINDS.country.entity,
      permission: ops.getCountryRequirement.permission,
      readable: 'unscoped',
      unscopedBecause: 'standards have no record scope',
      fields: { countryId: 'country', 'tests[]': TEST_KEY },
    },
  ],
  homeSearch: [
    {
      source: 'countryStandard',
      permission: ops.searchCountryRequirements.permission,
      search: countryStandardHits,
    },
    // Test items are master data every signed-in user reads (DOMAIN.md §5.2).
    { source: 'testItem', permission: 'signed-in', search: testItemHits },
  ],
  exports: standardExports,
});
