import { areas } from '@qcdesk/contract';
import { shippings } from '../../db/schema/shipping';
import { defineModule, type ModuleDeps, namedBy } from '../../platform/module';
import { type OperationRegistry, serve } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { shippingScope } from './shipping.queries';
import { SHIPPING_ENTITY } from './shipping.rules';
import { shippingList } from './shipping.service';

const ops = areas.shipping;

function registerShippingOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  serve(registry, ops.shippingList, shippingList, { transaction: false });
}

export const shippingModule = defineModule({
  name: 'shipping',
  register: registerShippingOperations,
  // Scoped through the client (DOMAIN.md §5.4), as the shipment's orders are.
  changeLog: [
    {
      entity: SHIPPING_ENTITY,
      permission: ops.shippingList.permission,
      readable: readableIn(shippings, shippingScope),
      fields: {
        clientId: 'client',
        vehicleId: 'vehicle',
        destinationCountryId: 'country',
        status: { enum: 'ShippingStatus' },
      },
    },
  ],
  names: {
    shipping: namedBy(shippings, 'shippingNo'),
  },
});
