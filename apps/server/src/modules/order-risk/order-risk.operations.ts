import { areas } from '@qcdesk/contract';
import { actorOf } from '../../platform/auth';
import { defineModule, onHook } from '../../platform/module';
import { type OperationRegistry, registerOperation, serve, serveDetail } from '../../platform/registry';
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
  serve(registry, ops.searchOrderRisks, searchOrderRisks, read);
  registerOperation(
    registry,
    ops.listOrderRisks,
    (input, ctx) => listOrderRisks(ctx.db, input.orderId, ctx.user),
    read,
  );
  serveDetail(registry, ops.getOrderRisk, getOrderRisk);
  serve(registry, ops.syncOrderRisks, syncOrderRisks);
  serve(registry, ops.updateOrderRisk, updateOrderRisk);
  serve(registry, ops.updateOrderRiskItems, updateOrderRiskItems);
  serve(registry, ops.resetOrderRisk, resetOrderRisk);
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
