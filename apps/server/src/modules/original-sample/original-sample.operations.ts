import { areas } from '@qcdesk/contract';
import type { ModuleDeps } from '../../app';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { allowChangeLogReads } from '../config/changelog.service';
import { registerHomeSearchSource } from '../home-search/home-search.service';
import {
  createOriginalSample,
  getOriginalSample,
  listOriginalSamples,
  ORIGINAL_SAMPLE_ENTITY,
  originalSampleCart,
  originalSampleHits,
  searchOriginalSamples,
  updateOriginalSample,
  updateOriginalSampleMaterials,
} from './original-sample.service';

const ops = areas.originalSample;

export function registerOriginalSampleOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  allowChangeLogReads(ORIGINAL_SAMPLE_ENTITY, ops.getOriginalSample.permission, { clientId: 'client' });
  registerHomeSearchSource({
    source: 'originalSample',
    permission: ops.searchOriginalSamples.permission,
    search: originalSampleHits,
  });

  const read = { transaction: false };
  registerOperation(
    registry,
    ops.searchOriginalSamples,
    (input, ctx) => searchOriginalSamples(ctx.db, input, ctx.user!),
    read,
  );
  registerOperation(
    registry,
    ops.listOriginalSamples,
    (input, ctx) => listOriginalSamples(ctx.db, input, ctx.user!),
    read,
  );
  registerOperation(
    registry,
    ops.originalSampleCart,
    (input, ctx) => originalSampleCart(ctx.db, input.ids, ctx.user!),
    read,
  );
  registerOperation(registry, ops.getOriginalSample, async (input, ctx) => {
    const { detail, flags } = await getOriginalSample(ctx.db, input.id, ctx.user!);
    ctx.setFlags(flags);
    return detail;
  });
  registerOperation(registry, ops.createOriginalSample, (input, ctx) =>
    createOriginalSample(ctx.db, input, ctx.user!),
  );
  registerOperation(registry, ops.updateOriginalSample, (input, ctx) =>
    updateOriginalSample(ctx.db, input, ctx.user!),
  );
  registerOperation(registry, ops.updateOriginalSampleMaterials, (input, ctx) =>
    updateOriginalSampleMaterials(ctx.db, input, ctx.user!),
  );
}
