import { SHIPPING_STATUS } from '@qcdesk/contract/shipping';
import { defineStateMachine } from '../../platform/transition';

// The rules of shipments (DOMAIN.md §2.4, §3.2) that need no database.

export const SHIPPING_ENTITY = 'shippings';

/** The permission that writes the shipping fields of an order (DOMAIN.md §5.2). */
export const SHIPPING_EDIT = 'shipping.edit';

const OPEN = [SHIPPING_STATUS.planned, SHIPPING_STATUS.loaded] as const;

/**
 * Status changes people and the order feed make: a planned or loaded shipment is shipped (30) or
 * cancelled (90); a shipped or cancelled one stays (E_STATUS). Loading (20) comes from supervise
 * approval (DOMAIN.md §4.5), never from here.
 */
export const SHIPPING_MACHINE = defineStateMachine<number>(SHIPPING_ENTITY, [
  { from: OPEN, action: 'ship', to: SHIPPING_STATUS.shipped, permission: SHIPPING_EDIT },
  { from: OPEN, action: 'cancel', to: SHIPPING_STATUS.cancelled, permission: SHIPPING_EDIT },
]);

/** The action that brings a shipment to `status` (30 or 90). */
export const statusAction = (status: number) => (status === SHIPPING_STATUS.shipped ? 'ship' : 'cancel');
