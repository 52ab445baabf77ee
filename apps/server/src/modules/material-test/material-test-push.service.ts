import type { areas, Language, ParsedInputOf } from '@qcdesk/contract';
import { enumLabel } from '@qcdesk/contract/enumerations';
import { personName } from '@qcdesk/contract/person-name';
import { materialTests } from '../../db/schema/material-test';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { mailEach } from '../../platform/mail/recipients';
import { lockVersion } from '../../platform/records';
import { getSystemParam } from '../../platform/system-params';
import { transition } from '../../platform/transition';
import { createShortLink } from '../files/short-links.service';
import { MATERIAL_TEST_PUSH_MAIL } from './material-test.mails';
import { linkedIds, readMaterial, recipientSources } from './material-test.queries';
import {
  assertPushable,
  MATERIAL_TEST_ENTITY,
  materialTestMachine,
  pushRecipients,
} from './material-test.rules';
import { type MaterialTestDeps, testDetail } from './material-test.service';

// Pushing a material test (DOMAIN.md §4.13): the result and a share link of its report files,
// mailed to the supplier's contacts, the buyers using the material and the pusher.

type MaterialTestPush = ParsedInputOf<typeof areas.materialTest.pushMaterialTest>;

/**
 * materialtest/push: mails the result with a share link of the report files to every recipient
 * through the outbox (in this transaction), then moves the test to 30 with pushCount + 1.
 */
export async function pushMaterialTest(
  db: Db,
  deps: MaterialTestDeps,
  input: MaterialTestPush,
  user: Principal,
  lang: Language,
) {
  const current = await lockVersion(db, materialTests, input.id, input.version);
  if (current.valid !== 1) throw new AppError('E_STATUS');
  const material = (await readMaterial(db, current.materialId))!;
  const { reports } = await linkedIds(db, input.id);
  assertPushable(current.status, reports.length);
  const days = await getSystemParam(db, 'share.expiryDays');
  const link = await createShortLink(
    db,
    {
      fileIds: reports.map((f) => f.id),
      expiresAt: new Date(Date.now() + days * 86_400_000),
      limit: null,
      direct: false,
      sub: `${current.testNo} ${material.name}`,
    },
    actorOf(user),
  );
  const sources = await recipientSources(db, current.materialId, user.userId);
  const recipients = pushRecipients(sources, lang);
  // "Pushed by …" names the pusher in each recipient's language.
  const pusher = sources.pusher ?? { name: user.displayName };
  await mailEach(db, recipients, {
    template: MATERIAL_TEST_PUSH_MAIL,
    params: (r) => ({
      name: r.name,
      testNo: current.testNo,
      material: material.name,
      upc: material.upc,
      result: enumLabel('TestResult', current.result, r.lang),
      startDate: current.startDate,
      endDate: current.endDate,
      link: `${deps.config.publicUrl}/s/${link.code}`,
      days,
      pusher: personName(pusher, r.lang),
    }),
    entity: MATERIAL_TEST_ENTITY,
    entityId: current.id,
    createdBy: user.userId,
  });
  await transition(db, {
    machine: materialTestMachine,
    table: materialTests,
    id: input.id,
    version: input.version,
    action: 'push',
    user,
    set: { pushedAt: new Date(), pushCount: current.pushCount + 1, pushedTo: recipients.map((r) => r.email) },
  });
  return testDetail(db, deps, input.id, user);
}
