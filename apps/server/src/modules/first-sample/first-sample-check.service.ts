import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { enumLabel } from '@qcdesk/contract/enumerations';
import { eq } from 'drizzle-orm';
import { firstSampleCheckPhotos, firstSampleChecks, firstSamples } from '../../db/schema/first-sample';
import type { FieldChange } from '../../db/schema/platform';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { mailEach, salesAndContacts, salesRecipient } from '../../platform/mail/recipients';
import { updateRecord } from '../../platform/records';
import { transitionOf } from '../../platform/transition';
import { FIRST_SAMPLE_RESULT_MAIL } from './first-sample.mails';
import { checkRows, filesOf, resultFactory } from './first-sample.queries';
import {
  assertAuditComplete,
  assertItemsEditable,
  checkResultOf,
  FIRST_SAMPLE_ENTITY,
  type FirstSampleRow,
  firstSampleMachine,
  isImage,
} from './first-sample.rules';
import { type FirstSampleDeps, sampleDetail, writableSample } from './first-sample.service';

// The check and the result of a first sample (DOMAIN.md §4.8, §7.3): item results with remarks and
// photos (10), complete check (10 → 20), result (20 → 30, not by the checker; mails the factory and
// sales), reject check (20 → 10) and cancel (10/20 → 90).

type Ops = typeof areas.firstSample;
type CheckItemsInput = ParsedInputOf<Ops['updateFirstSampleCheckItems']>;
type ResultInput = ParsedInputOf<Ops['auditFirstSample']>;
type ReasonInput = ParsedInputOf<Ops['rejectFirstSampleCheck']>;

/**
 * Photos are the caller's own uploads, or files the item already has, and every one is a stored
 * image (the content type the files area recorded from the file's first bytes): E_PHOTO_TYPE.
 */
async function assertPhotos(db: Db, ids: readonly bigint[], kept: ReadonlySet<bigint>, user: Principal) {
  if (ids.length === 0) return;
  const found = new Map((await filesOf(db, ids)).map((f) => [f.id, f]));
  for (const id of ids) {
    const file = found.get(id);
    const usable = file && file.valid === 1 && (kept.has(id) || file.ownerId === user.userId);
    if (!usable) throw new AppError('E_REF_NOT_FOUND', { field: 'photoFileIds' }, { field: 'photoFileIds' });
    if (!isImage(file.contentType)) throw new AppError('E_PHOTO_TYPE', {}, { field: 'photoFileIds' });
  }
}

/** firstsample/checkitem/update: the listed items' results, remarks and photos (status 10). */
export async function updateCheckItems(
  db: Db,
  deps: FirstSampleDeps,
  input: CheckItemsInput,
  user: Principal,
) {
  const current = await writableSample(db, input.id, input.version, user);
  assertItemsEditable(current.status);
  const checks = new Map((await checkRows(db, input.id)).map((c) => [c.check.sampleCheckItemId, c]));
  const changes: FieldChange[] = [];
  for (const item of input.items) {
    const check = checks.get(item.checkItemId);
    if (!check) throw new AppError('E_REF_NOT_FOUND', { field: 'checkItemId' }, { field: 'items' });
    const photoIds = [...new Set(item.photoFileIds)];
    const had = check.photos.map((p) => p.id);
    await assertPhotos(db, photoIds, new Set(had), user);
    const key = `checkItems[${check.item.code}]`;
    const remark = item.remark ?? null;
    if (check.check.checkResult !== item.checkResult)
      changes.push({ field: `${key}.checkResult`, from: check.check.checkResult, to: item.checkResult });
    if (check.check.remark !== remark)
      changes.push({ field: `${key}.remark`, from: check.check.remark, to: remark });
    await db
      .update(firstSampleChecks)
      .set({ checkResult: item.checkResult, remark })
      .where(eq(firstSampleChecks.id, check.check.id));
    if (had.join() !== photoIds.join()) {
      changes.push({ field: `${key}.photos`, from: had.map(String), to: photoIds.map(String) });
      await db.delete(firstSampleCheckPhotos).where(eq(firstSampleCheckPhotos.checkId, check.check.id));
      if (photoIds.length > 0)
        await db
          .insert(firstSampleCheckPhotos)
          .values(photoIds.map((fileId, sort) => ({ checkId: check.check.id, fileId, sort })));
    }
  }
  if (changes.length > 0)
    await updateRecord(db, {
      table: firstSamples,
      id: input.id,
      version: input.version,
      values: {},
      actor: actorOf(user),
      entity: FIRST_SAMPLE_ENTITY,
      action: 'checkitem',
      childChanges: changes,
    });
  return sampleDetail(db, deps, input.id, user);
}

const sampleTransition = transitionOf(firstSampleMachine, firstSamples);

/** firstsample/check/update: every item checked (E_FS_UNCHECKED); NG anywhere → NG (10 → 20). */
export async function completeCheck(
  db: Db,
  deps: FirstSampleDeps,
  input: { id: bigint; version: number },
  user: Principal,
) {
  const current = await writableSample(db, input.id, input.version, user);
  assertItemsEditable(current.status);
  const results = (await checkRows(db, input.id)).map((c) => c.check.checkResult);
  const checkResult = checkResultOf(results);
  await sampleTransition(db, input, user, 'check', {
    checkResult,
    checkedBy: user.userId,
    checkedAt: new Date(),
  });
  return sampleDetail(db, deps, input.id, user);
}

/** firstsample/result: 20 → 30 with result 1–3, corrective for 2–3, not by the checker; mails. */
export async function auditFirstSample(db: Db, deps: FirstSampleDeps, input: ResultInput, user: Principal) {
  assertAuditComplete(input.result, input.corrective);
  await writableSample(db, input.id, input.version, user);
  const updated = await sampleTransition(db, input, user, 'audit', {
    result: input.result,
    corrective: input.corrective ?? null,
    auditedBy: user.userId,
    auditedAt: new Date(),
  });
  await mailResult(db, updated, user);
  return sampleDetail(db, deps, input.id, user);
}

/** The result mail (DOMAIN.md §4.8): the client's sales and the factory's contacts, each in their language. */
async function mailResult(db: Db, sample: FirstSampleRow, user: Principal) {
  const factory = await resultFactory(db, sample.orderProductId);
  const recipients = salesAndContacts(await salesRecipient(db, sample.clientId), factory?.contacts ?? []);
  await mailEach(db, recipients, {
    template: FIRST_SAMPLE_RESULT_MAIL,
    params: (r) => ({
      name: r.name,
      sampleNo: sample.sampleNo,
      itemNo: sample.itemNo,
      round: sample.round,
      orderNo: factory?.orderNo ?? '',
      productNo: factory?.productNo ?? '',
      factory: (r.lang === 'zh' ? factory?.nameZh : factory?.nameEn) ?? '',
      result: enumLabel('FsAuditResult', sample.result, r.lang),
      corrective: sample.corrective ?? '-',
      auditor: user.displayName,
    }),
    entity: FIRST_SAMPLE_ENTITY,
    entityId: sample.id,
    createdBy: user.userId,
  });
}

/** firstsample/reject: the check goes back to the checker (20 → 10) with a reason; results stay. */
export async function rejectCheck(db: Db, deps: FirstSampleDeps, input: ReasonInput, user: Principal) {
  await writableSample(db, input.id, input.version, user);
  await sampleTransition(db, input, user, 'reject', { checkResult: 0, checkedBy: null, checkedAt: null });
  return sampleDetail(db, deps, input.id, user);
}

/** firstsample/cancel: 10/20 → 90. */
export async function cancelFirstSample(db: Db, deps: FirstSampleDeps, input: ReasonInput, user: Principal) {
  await writableSample(db, input.id, input.version, user);
  await sampleTransition(db, input, user, 'cancel');
  return sampleDetail(db, deps, input.id, user);
}
