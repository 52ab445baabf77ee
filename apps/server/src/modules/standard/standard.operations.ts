import { areas } from '@qcdesk/contract';
import type { ModuleDeps } from '../../app';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { allowChangeLogReads } from '../config/changelog.service';
import { registerHomeSearchSource } from '../home-search/home-search.service';
import {
  countryStandardHits,
  createStandard,
  getStandard,
  getStandardTests,
  KINDS,
  type KindName,
  searchStandards,
  testItemHits,
  updateStandard,
  updateStandardTests,
} from './standard.service';

const ops = areas.standard;

export function registerStandardOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  allowChangeLogReads(KINDS.common.entity, ops.getCommonStandard.permission);
  allowChangeLogReads(KINDS.country.entity, ops.getCountryRequirement.permission, { countryId: 'country' });
  registerHomeSearchSource({
    source: 'countryStandard',
    permission: ops.searchCountryRequirements.permission,
    search: countryStandardHits,
  });
  // Test items are master data every signed-in user reads (DOMAIN.md §5.2).
  registerHomeSearchSource({ source: 'testItem', permission: 'signed-in', search: testItemHits });

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
    registerOperation(registry, f.search, (input, ctx) => searchStandards(ctx.db, kind, input, ctx.user!), {
      transaction: false,
    });
    registerOperation(registry, f.details, async (input, ctx) => {
      const { detail, flags } = await getStandard(ctx.db, kind, input.id, ctx.user!);
      ctx.setFlags(flags);
      return detail;
    });
    registerOperation(registry, f.create, (input, ctx) => createStandard(ctx.db, kind, input, ctx.user!));
    registerOperation(registry, f.update, (input, ctx) => updateStandard(ctx.db, kind, input, ctx.user!));
    registerOperation(registry, f.tests, async (input, ctx) => {
      const { detail, flags } = await getStandardTests(ctx.db, kind, input.id, ctx.user!);
      ctx.setFlags(flags);
      return detail;
    });
    registerOperation(registry, f.updateTests, (input, ctx) =>
      updateStandardTests(ctx.db, kind, input, ctx.user!),
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
