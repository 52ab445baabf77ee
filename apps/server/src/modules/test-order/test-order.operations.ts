import { areas } from '@qcdesk/contract';
import { fileDisplayName } from '@qcdesk/contract/files';
import { files } from '../../db/schema/files';
import { orderRiskItems } from '../../db/schema/order-risk';
import { testOrders } from '../../db/schema/test-order';
import type { Db } from '../../platform/db';
import { defineModule, type ModuleDeps, namedBy } from '../../platform/module';
import { type OperationRegistry, registerOperation, serve } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { testOrderExport } from './test-order.export';
import { TEST_ORDER_CANCELLED_MAIL, TEST_ORDER_SUBMITTED_MAIL } from './test-order.mails';
import { testOrderScope } from './test-order.queries';
import { seedTestOrders } from './test-order.seed';
import {
  createTestOrder,
  getTestOrder,
  listTestOrderProducts,
  listTestOrders,
  searchTestOrders,
  TEST_ORDER_ENTITY,
  withFiles,
} from './test-order.service';
import { cancelTestOrder, closeTestOrder, submitTestOrder } from './test-order-transitions.service';
import { updateTestOrder, updateTestOrderItems } from './test-order-update.service';

const ops = areas.testOrder;

function registerTestOrderOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const read = { transaction: false };
  const files = () => deps.files.ready();
  // The transitions run the hooks the test-report area (later) acts on, in the same transaction.
  const hooks = deps.capabilities;
  /** Every detail answers its quotation and invoice files as signed downloads (issue 24). */
  const answer = <T extends Parameters<typeof withFiles>[2]>(db: Db, detail: T) =>
    withFiles(db, files, detail);
  serve(registry, ops.searchTestOrders, searchTestOrders, read);
  serve(registry, ops.listTestOrders, listTestOrders, read);
  registerOperation(
    registry,
    ops.listTestOrderProducts,
    (input, ctx) => listTestOrderProducts(ctx.db, input.ids, ctx.user),
    read,
  );
  registerOperation(registry, ops.getTestOrder, async (input, ctx) => {
    const { detail, flags } = await getTestOrder(ctx.db, input.id, ctx.user);
    ctx.setFlags(flags);
    return answer(ctx.db, detail);
  });
  registerOperation(registry, ops.createTestOrder, async (input, ctx) =>
    answer(ctx.db, await createTestOrder(ctx.db, input, ctx.user)),
  );
  registerOperation(registry, ops.updateTestOrder, async (input, ctx) =>
    answer(ctx.db, await updateTestOrder(ctx.db, input, ctx.user, hooks)),
  );
  registerOperation(registry, ops.updateTestOrderItems, async (input, ctx) =>
    answer(ctx.db, await updateTestOrderItems(ctx.db, input, ctx.user)),
  );
  registerOperation(registry, ops.submitTestOrder, async (input, ctx) =>
    answer(ctx.db, await submitTestOrder(ctx.db, input, ctx.user, hooks)),
  );
  registerOperation(registry, ops.closeTestOrder, async (input, ctx) =>
    answer(ctx.db, await closeTestOrder(ctx.db, input, ctx.user)),
  );
  registerOperation(registry, ops.cancelTestOrder, async (input, ctx) =>
    answer(ctx.db, await cancelTestOrder(ctx.db, input, ctx.user, hooks)),
  );
}

export const testOrderModule = defineModule({
  name: 'testOrder',
  mails: [TEST_ORDER_SUBMITTED_MAIL, TEST_ORDER_CANCELLED_MAIL],
  register: registerTestOrderOperations,
  seed: seedTestOrders,
  exports: [testOrderExport],
  changeLog: [
    {
      entity: TEST_ORDER_ENTITY,
      permission: ops.getTestOrder.permission,
      readable: readableIn(testOrders, testOrderScope),
      fields: {
        clientId: 'client',
        departmentId: 'department',
        labId: 'lab',
        labContactId: 'labcontact',
        testTypeId: 'testtype',
        status: { enum: 'TestOrderStatus' },
        result: { enum: 'TestResult' },
        applyType: { enum: 'TestApplyType' },
        sampleProvided: { enum: 'ProvidedFlag' },
        price: { decimal: true },
        amount: { decimal: true },
        discount: { decimal: true },
        'items[].price': { decimal: true },
        quotationFileId: 'testOrderFile',
        invoiceFileId: 'testOrderFile',
        // A line's link to the product's order risk reads as its source ("Risk item"), not an id.
        'items[].orderRiskItemId': 'testOrderRiskLink',
      },
      actions: {
        submit: { zh: '提交', en: 'Submitted' },
        receive: { zh: '实验室收样', en: 'Received by the lab' },
        report: { zh: '出具报告', en: 'Reported' },
        close: { zh: '关闭', en: 'Closed' },
      },
    },
  ],
  names: {
    testOrder: namedBy(testOrders, 'testOrderNo'),
    // A quotation or invoice file reads as its name.
    testOrderFile: {
      table: files,
      key: files.id,
      names: (row) => {
        const name = fileDisplayName(String(row.name));
        return { zh: name, en: name };
      },
    },
    testOrderRiskLink: {
      table: orderRiskItems,
      key: orderRiskItems.id,
      names: () => ({ zh: '风险项', en: 'Risk item' }),
    },
  },
});
