import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { enumLabel } from '@qcdesk/contract/enumerations';
import { productionSamples } from '../../db/schema/production-sample';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { assertNoInUseCheck, type InUseCheck } from '../../platform/in-use';
import { mailEach, salesAndContacts, salesRecipient } from '../../platform/mail/recipients';
import { transitionOf } from '../../platform/transition';
import { unlinkProductionSample } from '../order/order-products.service';
import { SAMPLE_AUDIT_MAIL } from './production-sample.mails';
import { auditMailSources, sampleDetail } from './production-sample.queries';
import {
  assertAuditComplete,
  auditMails,
  PRODUCTION_SAMPLE_ENTITY,
  productionSampleMachine,
  type SampleRow,
} from './production-sample.rules';
import { writableSample } from './production-sample.service';

// The transitions of a production sample (DOMAIN.md §4.7): audit (10 → 20), re-audit (20 → 20, the
// old result kept in the change log by the transition's diff) and cancel (10/20 → 90, removing the
// links from order products). Audit results 3–4 mail the client's sales and the factory contacts.

const sampleTransition = transitionOf(productionSampleMachine, productionSamples);

type Ops = typeof areas.productionSample;
type AuditInput = ParsedInputOf<Ops['auditProductionSample']>;
type CancelInput = ParsedInputOf<Ops['cancelProductionSample']>;

/** productionsample/audit/create (`audit`) and productionsample/audit/update (`reaudit`). */
export async function auditProductionSample(
  db: Db,
  input: AuditInput,
  user: Principal,
  action: 'audit' | 'reaudit',
) {
  assertAuditComplete(input.auditResult, input.auditRemark);
  await writableSample(db, input.id, input.version, user);
  const updated = await sampleTransition(db, input, user, action, {
    auditResult: input.auditResult,
    auditRemark: input.auditRemark ?? null,
    auditTime: new Date(),
    auditorId: user.userId,
  });
  if (auditMails(input.auditResult)) await mailAudit(db, updated, user);
  return sampleDetail(db, input.id);
}

/** The audit mail of results 3–4, through the outbox in this transaction, in each recipient's language. */
async function mailAudit(db: Db, sample: SampleRow, user: Principal) {
  const { factory, clientName } = await auditMailSources(db, sample);
  const recipients = salesAndContacts(await salesRecipient(db, sample.clientId), factory?.contacts ?? []);
  await mailEach(db, recipients, {
    template: SAMPLE_AUDIT_MAIL,
    params: (r) => ({
      name: r.name,
      itemNo: sample.itemNo,
      client: clientName,
      factory: (r.lang === 'zh' ? factory?.nameZh : factory?.nameEn) ?? '',
      receivedDate: sample.receivedDate,
      result: enumLabel('AuditResult', sample.auditResult, r.lang),
      remark: sample.auditRemark ?? '',
      auditor: user.displayName,
    }),
    entity: PRODUCTION_SAMPLE_ENTITY,
    entityId: sample.id,
    createdBy: user.userId,
  });
}

/**
 * productionsample/cancel: refused (E_SAMPLE_IN_USE) while a declared in-use check holds the sample
 * (an inspection in progress of a linked product, once inspection planning declares it); the links
 * from order products are removed and logged on their orders.
 */
export async function cancelProductionSample(
  db: Db,
  input: CancelInput,
  user: Principal,
  checks: readonly InUseCheck[],
) {
  await writableSample(db, input.id, input.version, user);
  await assertNoInUseCheck(db, checks, input.id, 'E_SAMPLE_IN_USE');
  await sampleTransition(db, input, user, 'cancel');
  await unlinkProductionSample(db, input.id, actorOf(user));
  return sampleDetail(db, input.id);
}
