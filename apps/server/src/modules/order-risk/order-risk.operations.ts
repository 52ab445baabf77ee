import { areas } from '@qcdesk/contract';
import { actorOf } from '../../platform/auth';
import { defineModule, onHook } from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { ORDER_PRODUCTS_CHANGED } from '../order/order-hooks.service';
import { orderRiskExport } from './order-risk.export';
import { riskReadable } from './order-risk.queries';
import { seedOrderRisks } from './order-risk.seed';
import {
  getOrderRisk,
  listOrderRisks,
  ORDER_RISK_ENTITY,
  resetOrderRisk,
  searchOrderRisks,
  syncOrderRisks,
  syncRisks,
  updateOrderRisk,
  updateOrderRiskItems,
} from './order-risk.service';

const ops = areas.orderRisk;

function registerOrderRiskOperations(registry: OperationRegistry): void {
  const read = { transaction: false };
  registerOperation(
    registry,
    ops.searchOrderRisks,
    (input, ctx) => searchOrderRisks(ctx.db, input, ctx.user),
    read,
  );
  registerOperation(
    registry,
    ops.listOrderRisks,
    (input, ctx) => listOrderRisks(ctx.db, input.orderId, ctx.user),
    read,
  );
  registerOperation(registry, ops.getOrderRisk, async (input, ctx) => {
    const { detail, flags } = await getOrderRisk(ctx.db, input.id, ctx.user);
    ctx.setFlags(flags);
    return detail;
  });
  registerOperation(registry, ops.syncOrderRisks, (input, ctx) => syncOrderRisks(ctx.db, input, ctx.user));
  registerOperation(registry, ops.updateOrderRisk, (input, ctx) => updateOrderRisk(ctx.db, input, ctx.user));
  registerOperation(registry, ops.updateOrderRiskItems, (input, ctx) =>
    updateOrderRiskItems(ctx.db, input, ctx.user),
  );
  registerOperation(registry, ops.resetOrderRisk, (input, ctx) => resetOrderRisk(ctx.db, input, ctx.user));
}

export const orderRiskModule = defineModule({
  name: 'orderRisk',
  register: registerOrderRiskOperations,
  seed: seedOrderRisks,
  exports: [orderRiskExport],
  changeLog: [
    {
      entity: ORDER_RISK_ENTITY,
      permission: ops.getOrderRisk.permission,
      readable: riskReadable,
      fields: {
        orderId: 'order',
        orderProductId: 'orderProduct',
        status: { enum: 'OrderRiskStatus' },
        result: { enum: 'TestResult' },
        'items[]': { source: 'testitem', by: 'code' },
        'items[].materialId': 'material',
        'items[].partId': 'part',
        'items[].riskId': 'risk',
        'items[].result': { enum: 'TestResult' },
      },
      actions: {
        sync: { zh: '同步风险项', en: 'Synced the risk items' },
        test: { zh: '送测', en: 'Sent for testing' },
        done: { zh: '测试完成', en: 'Tests done' },
        waive: { zh: '豁免', en: 'Waived' },
        reset: { zh: '重置', en: 'Reset' },
      },
    },
  ],
  // DOMAIN.md §4.11: the automatic sync on order writes, while a risk is in 10.
  hooks: [
    onHook(ORDER_PRODUCTS_CHANGED, async (db, { orderIds, productIds }, user) => {
      await syncRisks(db, orderIds, actorOf(user), productIds);
    }),
  ],
});
