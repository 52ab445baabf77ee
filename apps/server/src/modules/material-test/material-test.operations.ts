import { areas } from '@qcdesk/contract';
import { defineModule, type ModuleDeps } from '../../platform/module';
import {
  type OperationRegistry,
  registerOperation,
  serve,
  serveDetailWith,
  serveWith,
} from '../../platform/registry';
import { materialTestExport } from './material-test.export';
import { MATERIAL_TEST_PUSH_MAIL } from './material-test.mails';
import { MATERIAL_TEST_ENTITY } from './material-test.rules';
import { seedMaterialTests } from './material-test.seed';
import {
  createMaterialTest,
  getMaterialTest,
  type MaterialTestDeps,
  searchMaterialTests,
  updateMaterialTest,
} from './material-test.service';
import { pushMaterialTest } from './material-test-push.service';

const ops = areas.materialTest;

function registerMaterialTestOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const files = deps.files;
  const service: MaterialTestDeps = { config: deps.config, files: () => files.ready() };

  serve(registry, ops.searchMaterialTests, searchMaterialTests, { transaction: false });
  serveDetailWith(registry, service, ops.getMaterialTest, getMaterialTest);
  serveWith(registry, service, ops.createMaterialTest, createMaterialTest);
  serveWith(registry, service, ops.updateMaterialTest, updateMaterialTest);
  registerOperation(registry, ops.pushMaterialTest, async (input, ctx) => {
    const detail = await pushMaterialTest(ctx.db, service, input, ctx.user, ctx.lang);
    ctx.setMessage('MAIL_SENT');
    return detail;
  });
}

export const materialTestModule = defineModule({
  name: 'materialTest',
  mails: [MATERIAL_TEST_PUSH_MAIL],
  register: registerMaterialTestOperations,
  seed: seedMaterialTests,
  // Material tests have no record scope (DOMAIN.md §5.4).
  changeLog: [
    {
      entity: MATERIAL_TEST_ENTITY,
      permission: ops.getMaterialTest.permission,
      readable: 'unscoped',
      unscopedBecause: 'material tests have no record scope',
      fields: {
        materialId: 'material',
        labId: 'lab',
        result: { enum: 'TestResult' },
        status: { enum: 'MaterialTestStatus' },
      },
    },
  ],
  exports: [materialTestExport],
});
