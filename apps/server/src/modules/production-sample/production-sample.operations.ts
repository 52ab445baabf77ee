import { areas } from '@qcdesk/contract';
import { productionSamples } from '../../db/schema/production-sample';
import { defineModule, type ModuleDeps, namedBy } from '../../platform/module';
import { type OperationRegistry, registerOperation, serve, serveDetail } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { productionSampleExport } from './production-sample.export';
import { SAMPLE_AUDIT_MAIL } from './production-sample.mails';
import { productionSampleHits, sampleScope } from './production-sample.queries';
import { seedProductionSamples } from './production-sample.seed';
import {
  createProductionSample,
  getProductionSample,
  listProductionSamples,
  PRODUCTION_SAMPLE_ENTITY,
  SAMPLE_CANCEL_CHECK,
  searchProductionSamples,
  updateProductionSample,
} from './production-sample.service';
import { auditProductionSample, cancelProductionSample } from './production-sample-audit.service';

const ops = areas.productionSample;

function registerProductionSampleOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const read = { transaction: false };
  serve(registry, ops.searchProductionSamples, searchProductionSamples, read);
  serve(registry, ops.listProductionSamples, listProductionSamples, read);
  serveDetail(registry, ops.getProductionSample, getProductionSample);
  serve(registry, ops.createProductionSample, createProductionSample);
  serve(registry, ops.updateProductionSample, updateProductionSample);
  registerOperation(registry, ops.auditProductionSample, (input, ctx) =>
    auditProductionSample(ctx.db, input, ctx.user, 'audit'),
  );
  registerOperation(registry, ops.reauditProductionSample, (input, ctx) =>
    auditProductionSample(ctx.db, input, ctx.user, 'reaudit'),
  );
  // The in-use checks later areas declare for a cancel (inspection planning: an application in 30–40).
  registerOperation(registry, ops.cancelProductionSample, (input, ctx) =>
    cancelProductionSample(ctx.db, input, ctx.user, deps.capabilities.inUseChecks(SAMPLE_CANCEL_CHECK)),
  );
}

export const productionSampleModule = defineModule({
  name: 'productionSample',
  mails: [SAMPLE_AUDIT_MAIL],
  register: registerProductionSampleOperations,
  seed: seedProductionSamples,
  changeLog: [
    {
      entity: PRODUCTION_SAMPLE_ENTITY,
      permission: ops.getProductionSample.permission,
      readable: readableIn(productionSamples, sampleScope),
      fields: {
        clientId: 'client',
        departmentId: 'department',
        providerFactoryId: 'factory',
        originalSampleId: 'originalSample',
        auditorId: 'user',
        status: { enum: 'ProductionSampleStatus' },
        auditResult: { enum: 'AuditResult' },
        testResult: { enum: 'TestResult' },
      },
      actions: {
        testResult: { zh: '更新测试结果', en: 'Test result updated' },
        audit: { zh: '审核', en: 'Audited' },
        reaudit: { zh: '重新审核', en: 'Re-audited' },
        cancel: { zh: '取消', en: 'Cancelled' },
      },
    },
  ],
  // How other areas' change logs name a production sample (an order product's link): its item no.
  names: {
    productionSample: namedBy(productionSamples, 'itemNo'),
  },
  homeSearch: [
    {
      source: 'productionSample',
      permission: ops.searchProductionSamples.permission,
      search: productionSampleHits,
    },
  ],
  exports: [productionSampleExport],
});
