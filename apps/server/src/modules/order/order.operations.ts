import { areas } from '@qcdesk/contract';
import { orderProducts, orders } from '../../db/schema/order';
import { defineModule, type ModuleDeps, namedBy } from '../../platform/module';
import { type OperationRegistry, registerOperation, serve, serveDetail } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { orderExport } from './order.export';
import { DIGEST_MAIL } from './order.mails';
import { orderHits, orderProductHits, orderScope } from './order.queries';
import { seedOrders } from './order.seed';
import { createOrder, ORDER_ENTITY, updateOrder } from './order.service';
import { assignOrderProducts, replaceOrderProducts } from './order-bulk.service';
import { getProductCompliance } from './order-compliance.service';
import { sendDueDigests } from './order-digest.service';
import { ORDERS_WRITTEN_JOB, queueOrdersWritten, runOrdersWritten } from './order-hooks.service';
import { type ImportDeps, importTemplate, runImport, startImport } from './order-import.service';
import { IMPORT_JOB, importStatus } from './order-import-status.service';
import { addOrderItems, sortOrderItems } from './order-items.service';
import {
  relateOrderProducts,
  updateOrderItem,
  updateOrderRequirements,
  updateProductType,
} from './order-products.service';
import { getOrder, listOrderProducts, listOrders, searchOrders } from './order-read.service';
import { syncOrders } from './order-sync.service';

const ops = areas.order;

function registerOrderOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const files = deps.files;
  // `afterWrite`: an import's written orders queue ORDER_PRODUCTS_CHANGED for the job worker (in its transaction).
  const imports: ImportDeps = {
    files: () => files.ready(),
    afterWrite: queueOrdersWritten,
  };
  // The writes that create products or change what later areas derive from them run
  // ORDER_PRODUCTS_CHANGED (order-hooks.service.ts) themselves, in the write's transaction.
  const hooks = deps.capabilities;
  deps.jobs.handle(IMPORT_JOB, (payload, ctx) => runImport(imports, payload, ctx));
  deps.jobs.handle(ORDERS_WRITTEN_JOB, (payload, ctx) => runOrdersWritten(deps.capabilities, payload, ctx));
  // The daily delivery digest: looked at every quarter hour, sent once a business day.
  deps.jobs.every('order.track-digest', 15 * 60_000, (db) => sendDueDigests(db));
  const read = { transaction: false };
  serve(registry, ops.searchOrders, searchOrders, read);
  serve(registry, ops.listOrders, listOrders, read);
  serve(registry, ops.listOrderProducts, listOrderProducts, read);
  serveDetail(registry, ops.getOrder, getOrder);
  serve(registry, ops.getProductCompliance, getProductCompliance, read);
  registerOperation(registry, ops.createOrder, (input, ctx) => createOrder(ctx.db, input, ctx.user, hooks));
  serve(registry, ops.updateOrder, updateOrder);
  registerOperation(registry, ops.updateOrderItem, (input, ctx) =>
    updateOrderItem(ctx.db, input, ctx.user, hooks),
  );
  registerOperation(registry, ops.addOrderItems, (input, ctx) =>
    addOrderItems(ctx.db, input, ctx.user, hooks),
  );
  serve(registry, ops.sortOrderItems, sortOrderItems);
  serve(registry, ops.updateOrderRequirements, updateOrderRequirements);
  registerOperation(registry, ops.updateProductType, (input, ctx) =>
    updateProductType(ctx.db, input, ctx.user, hooks),
  );
  registerOperation(registry, ops.relateOrderProducts, (input, ctx) =>
    relateOrderProducts(ctx.db, input, ctx.user, hooks),
  );
  serve(registry, ops.assignOrderProducts, assignOrderProducts);
  registerOperation(registry, ops.replaceOrderProducts, (input, ctx) =>
    replaceOrderProducts(ctx.db, input, ctx.user, hooks),
  );
  registerOperation(registry, ops.syncOrders, (input, ctx) => syncOrders(ctx.db, input, ctx.user, hooks));
  serve(registry, ops.importOrders, startImport);
  registerOperation(registry, ops.orderImportStatus, (input, ctx) =>
    importStatus(ctx.db, input.id, ctx.user, imports.files),
  );
  registerOperation(registry, ops.orderImportTemplate, (_input, ctx) =>
    importTemplate(ctx.db, imports, ctx.user),
  );
}

export const orderModule = defineModule({
  name: 'order',
  mails: [DIGEST_MAIL],
  register: registerOrderOperations,
  seed: seedOrders,
  changeLog: [
    {
      entity: ORDER_ENTITY,
      permission: ops.getOrder.permission,
      readable: readableIn(orders, orderScope),
      fields: {
        clientId: 'client',
        departmentId: 'department',
        salesId: 'user',
        sources: { enum: 'OrderSource', of: 'source', detail: 'ref' },
        'products[].factoryId': 'factory',
        'products[].quantityUnit': { enum: 'QuantityUnit' },
        'products[].productType': { enum: 'ProductType' },
        'products[].qcId': 'user',
        'products[].originalSampleId': 'originalSample',
        'products[].productionSampleId': 'productionSample',
      },
    },
  ],
  names: {
    order: namedBy(orders, 'orderNo'),
    orderProduct: namedBy(orderProducts, 'productNo'),
  },
  exports: [orderExport],
  homeSearch: [
    { source: 'order', permission: ops.searchOrders.permission, search: orderHits },
    { source: 'orderProduct', permission: ops.searchOrders.permission, search: orderProductHits },
  ],
});
