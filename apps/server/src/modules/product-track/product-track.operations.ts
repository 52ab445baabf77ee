import { createProductTrack, getProductTrack, updateProductTrack } from '@qcdesk/contract/product-track';
import type { ModuleDeps } from '../../app';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { allowChangeLogReads } from '../config/changelog.service';
import * as service from './product-track.service';

export function registerProductTrackOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  allowChangeLogReads(service.PRODUCT_TRACK_ENTITY, getProductTrack.permission);
  registerOperation(registry, getProductTrack, (input, ctx) =>
    service.productTrackOf(ctx.db, input.orderProductId),
  );
  registerOperation(registry, createProductTrack, (input, ctx) =>
    service.createProductTrack(ctx.db, input, ctx.user!),
  );
  registerOperation(registry, updateProductTrack, (input, ctx) =>
    service.updateProductTrack(ctx.db, input, ctx.user!),
  );
}
