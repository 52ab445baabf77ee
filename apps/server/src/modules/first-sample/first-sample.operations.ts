import { areas } from '@qcdesk/contract';
import { firstSamples } from '../../db/schema/first-sample';
import { defineModule, type ModuleDeps, namedBy } from '../../platform/module';
import { type OperationRegistry, serve, serveDetailWith, serveWith } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { firstSampleExport } from './first-sample.export';
import { FIRST_SAMPLE_RESULT_MAIL } from './first-sample.mails';
import { firstSampleScope } from './first-sample.queries';
import { seedFirstSamples } from './first-sample.seed';
import {
  createFirstSample,
  FIRST_SAMPLE_ENTITY,
  type FirstSampleDeps,
  getFirstSample,
  listFirstSamples,
  searchFirstSamples,
  updateFirstSample,
} from './first-sample.service';
import {
  auditFirstSample,
  cancelFirstSample,
  completeCheck,
  rejectCheck,
  updateCheckItems,
} from './first-sample-check.service';

const ops = areas.firstSample;

function registerFirstSampleOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const files = deps.files;
  const service: FirstSampleDeps = { files: () => files.ready() };
  const read = { transaction: false };
  serve(registry, ops.searchFirstSamples, searchFirstSamples, read);
  serve(registry, ops.listFirstSamples, listFirstSamples, read);
  serveDetailWith(registry, service, ops.getFirstSample, getFirstSample);
  serveWith(registry, service, ops.createFirstSample, createFirstSample);
  serveWith(registry, service, ops.updateFirstSample, updateFirstSample);
  serveWith(registry, service, ops.updateFirstSampleCheckItems, updateCheckItems);
  serveWith(registry, service, ops.completeFirstSampleCheck, completeCheck);
  serveWith(registry, service, ops.auditFirstSample, auditFirstSample);
  serveWith(registry, service, ops.rejectFirstSampleCheck, rejectCheck);
  serveWith(registry, service, ops.cancelFirstSample, cancelFirstSample);
}

export const firstSampleModule = defineModule({
  name: 'firstSample',
  mails: [FIRST_SAMPLE_RESULT_MAIL],
  register: registerFirstSampleOperations,
  seed: seedFirstSamples,
  changeLog: [
    {
      entity: FIRST_SAMPLE_ENTITY,
      permission: ops.getFirstSample.permission,
      readable: readableIn(firstSamples, firstSampleScope),
      fields: {
        orderProductId: 'orderProduct',
        clientId: 'client',
        departmentId: 'department',
        previousId: 'firstSample',
        checkedBy: 'user',
        auditedBy: 'user',
        status: { enum: 'FirstSampleStatus' },
        checkResult: { enum: 'FsCheckResult' },
        result: { enum: 'FsAuditResult' },
        'checkItems[]': { source: 'samplecheckitem', by: 'code' },
        'checkItems[].checkResult': { enum: 'FsCheckResult' },
        'checkItems[].photos': 'file',
      },
      actions: {
        checkitem: { zh: '更新检查项', en: 'Updated the check items' },
        check: { zh: '完成检查', en: 'Completed the check' },
        audit: { zh: '判定', en: 'Judged' },
        reject: { zh: '退回', en: 'Sent back' },
      },
    },
  ],
  // How other areas' change logs (and a next round's `previousId`) name a first sample: its number.
  names: {
    firstSample: namedBy(firstSamples, 'sampleNo'),
  },
  exports: [firstSampleExport],
});
