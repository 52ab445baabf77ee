import { areas } from '@qcdesk/contract';
import type { ModuleDeps } from '../../app';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { allowChangeLogReads } from '../config/changelog.service';
import { filesContext } from '../files/files.context';
import {
  createMaterialTest,
  getMaterialTest,
  MATERIAL_TEST_ENTITY,
  type MaterialTestDeps,
  pushMaterialTest,
  searchMaterialTests,
  updateMaterialTest,
} from './material-test.service';

const ops = areas.materialTest;

export function registerMaterialTestOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const files = filesContext(deps);
  const service: MaterialTestDeps = { config: deps.config, files: () => files.ready() };
  allowChangeLogReads(MATERIAL_TEST_ENTITY, ops.getMaterialTest.permission, {
    materialId: 'material',
    labId: 'lab',
    result: { enum: 'TestResult' },
    status: { enum: 'MaterialTestStatus' },
  });

  registerOperation(
    registry,
    ops.searchMaterialTests,
    (input, ctx) => searchMaterialTests(ctx.db, input, ctx.user!),
    {
      transaction: false,
    },
  );
  registerOperation(registry, ops.getMaterialTest, async (input, ctx) => {
    const { detail, flags } = await getMaterialTest(ctx.db, service, input.id, ctx.user!);
    ctx.setFlags(flags);
    return detail;
  });
  registerOperation(registry, ops.createMaterialTest, (input, ctx) =>
    createMaterialTest(ctx.db, service, input, ctx.user!),
  );
  registerOperation(registry, ops.updateMaterialTest, (input, ctx) =>
    updateMaterialTest(ctx.db, service, input, ctx.user!),
  );
  registerOperation(registry, ops.pushMaterialTest, async (input, ctx) => {
    const detail = await pushMaterialTest(ctx.db, service, input, ctx.user!, ctx.lang);
    ctx.setMessage('MAIL_SENT');
    return detail;
  });
}
