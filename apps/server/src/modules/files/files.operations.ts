import { areas } from '@qcdesk/contract';
import { files } from '../../db/schema/files';
import { defineModule, type ModuleDeps, namedBy } from '../../platform/module';
import { type OperationRegistry, registerOperation } from '../../platform/registry';
import { uploadLimits } from '../../platform/storage/files-context';
import {
  issueReportToken,
  issueStsCredentials,
  issueUploadToken,
  listStsObjects,
  QUARANTINE,
  releaseQuarantined,
} from './file-access.service';
import { purgeDeletedObjects } from './files-retention';
import { purgeShareThrottle } from './share-throttle';

const ops = areas.files;
const HOUR = 3_600_000;
const MB = 1024 * 1024;

function registerFilesOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const files = deps.files;
  deps.jobs.every('files.purge-temp', HOUR, async () => (await files.ready()).purgeTemp(24 * HOUR));
  deps.jobs.every('files.purge-deleted', 6 * HOUR, async (db) =>
    purgeDeletedObjects(db, (await files.ready()).store),
  );
  deps.jobs.every('files.purge-share-throttle', 6 * HOUR, (db) => purgeShareThrottle(db));
  // Direct uploads nobody listed yet: checked and released, or refused and removed.
  deps.jobs.every('files.release-quarantine', HOUR, async (db) => {
    const runtime = await files.ready();
    return runtime.store.kind === 's3' ? releaseQuarantined(db, runtime, QUARANTINE) : undefined;
  });
  registerOperation(registry, ops.uploadToken, async (_input, ctx) =>
    issueUploadToken(await files.ready(), ctx.user),
  );
  registerOperation(registry, ops.uploadLimits, async (_input, ctx) => {
    const limits = await uploadLimits(ctx.db, deps.config);
    return { imageMb: limits.image / MB, documentMb: limits.document / MB };
  });
  registerOperation(registry, ops.reportToken, async (input, ctx) =>
    issueReportToken(ctx.db, await files.ready(), ctx.user, input.fileId),
  );
  registerOperation(registry, ops.sts, async (_input, ctx) =>
    issueStsCredentials(ctx.db, await files.ready(), ctx.user),
  );
  registerOperation(registry, ops.cosFile, async (input, ctx) =>
    listStsObjects(ctx.db, await files.ready(), ctx.user, input.id),
  );
}

export const filesModule = defineModule({
  name: 'files',
  register: registerFilesOperations,
  // Other areas' change logs (a check item's photos) name a file by the name it was uploaded with.
  names: {
    file: namedBy(files, 'name'),
  },
});
