import { createProductTrack, getProductTrack, updateProductTrack } from '@qcdesk/contract/product-track';
import { defineModule, type ModuleDeps } from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import * as service from './product-track.service';

function registerProductTrackOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  registerOperation(registry, getProductTrack, (input, ctx) =>
    service.productTrackOf(ctx.db, input.orderProductId, ctx.user),
  );
  registerOperation(registry, createProductTrack, (input, ctx) =>
    service.createProductTrack(ctx.db, input, ctx.user),
  );
  registerOperation(registry, updateProductTrack, (input, ctx) =>
    service.updateProductTrack(ctx.db, input, ctx.user),
  );
}

export const productTrackModule = defineModule({
  name: 'productTrack',
  register: registerProductTrackOperations,
  // Scoped through the order product (department, client).
  changeLog: [
    {
      entity: service.PRODUCT_TRACK_ENTITY,
      permission: getProductTrack.permission,
      readable: service.productTrackReadable,
    },
  ],
});
