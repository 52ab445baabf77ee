import { areas } from '@qcdesk/contract';
import { originalSamples } from '../../db/schema/original-sample';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerOperation, serve, serveDetail } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { originalSampleExport } from './original-sample.export';
import { originalSampleHits, sampleScope } from './original-sample.queries';
import { seedOriginalSamples } from './original-sample.seed';
import {
  createOriginalSample,
  getOriginalSample,
  listOriginalSamples,
  ORIGINAL_SAMPLE_ENTITY,
  originalSampleCart,
  searchOriginalSamples,
  updateOriginalSample,
  updateOriginalSampleMaterials,
} from './original-sample.service';

const ops = areas.originalSample;

function registerOriginalSampleOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  const read = { transaction: false };
  serve(registry, ops.searchOriginalSamples, searchOriginalSamples, read);
  serve(registry, ops.listOriginalSamples, listOriginalSamples, read);
  registerOperation(
    registry,
    ops.originalSampleCart,
    (input, ctx) => originalSampleCart(ctx.db, input.ids, ctx.user),
    read,
  );
  serveDetail(registry, ops.getOriginalSample, getOriginalSample);
  serve(registry, ops.createOriginalSample, createOriginalSample);
  serve(registry, ops.updateOriginalSample, updateOriginalSample);
  serve(registry, ops.updateOriginalSampleMaterials, updateOriginalSampleMaterials);
}

export const originalSampleModule = defineModule({
  name: 'originalSample',
  register: registerOriginalSampleOperations,
  seed: seedOriginalSamples,
  changeLog: [
    {
      entity: ORIGINAL_SAMPLE_ENTITY,
      permission: ops.getOriginalSample.permission,
      readable: readableIn(originalSamples, sampleScope),
      fields: {
        clientId: 'client',
        // Parts are logged by part code and their materials by UPC (original-sample-parts.service).
        'parts[]': { source: 'part', by: 'code' },
        'parts[].materials[]': { source: 'material', by: 'code' },
        'parts[].materials[].percentage': { decimal: true },
      },
    },
  ],
  // How other areas' change logs name a sample (an order product's link): item no | name.
  names: {
    originalSample: {
      table: originalSamples,
      key: originalSamples.id,
      names: (row) => {
        const name = `${String(row.itemNo)} | ${String(row.name)}`;
        return { zh: name, en: name };
      },
    },
  },
  homeSearch: [
    {
      source: 'originalSample',
      permission: ops.searchOriginalSamples.permission,
      search: originalSampleHits,
    },
  ],
  exports: [originalSampleExport],
});
