import type { Language } from '@qcdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { factories, inspectionTypes } from '../../db/schema/config';
import { userSettings, users } from '../../db/schema/identity';
import { inspectionApplies, inspectionApplyItems } from '../../db/schema/inspection-apply';
import { inspectionPlans } from '../../db/schema/inspection-plan';
import { inspectionTasks } from '../../db/schema/inspection-task';
import { orders } from '../../db/schema/order';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { enqueueMail } from '../../platform/mail/mail-outbox';
import type { INSPECTION_NOTICE_MAIL, INSPECTION_PLAN_CHANGED_MAIL } from './inspection-plan.mails';
import { planAssistants } from './inspection-plan.queries';
import { INSPECTION_PLAN_ENTITY } from './inspection-plan.rules';

// The plan's mails (DOMAIN.md §4.2, §4 rule d): each recipient in their language (users' setting;
// a factory contact in Chinese), once per address.

interface Recipient {
  to: string;
  name: string;
  lang: Language;
}

type Contact = { name?: unknown; email?: unknown; isDefault?: unknown };

/** The factory's default contact (else its first with an address). */
function factoryContact(contacts: readonly Record<string, unknown>[]): Recipient | null {
  const withMail = (contacts as Contact[]).filter((c) => typeof c.email === 'string' && c.email !== '');
  const chosen = withMail.find((c) => c.isDefault === true) ?? withMail[0];
  if (!chosen) return null;
  return { to: String(chosen.email), name: String(chosen.name ?? chosen.email), lang: 'zh' };
}

async function userRecipients(db: Db, ids: readonly bigint[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ email: users.email, name: users.name, language: userSettings.language })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(and(inArray(users.id, [...ids]), eq(users.valid, 1)));
  return rows.map((u) => ({ to: u.email, name: u.name, lang: u.language ?? 'zh' }));
}

/**
 * Mails the plan to its factory contact and inspectors (and `alsoInspectors`, the ones an update
 * took off), and with `sales` to the sales of its applications' clients.
 */
export async function mailPlan(
  db: Db,
  planId: bigint,
  template: typeof INSPECTION_NOTICE_MAIL | typeof INSPECTION_PLAN_CHANGED_MAIL,
  user: Principal,
  options: { sales?: boolean; alsoInspectors?: readonly bigint[] } = {},
) {
  const [plan] = await db
    .select({ plan: inspectionPlans, factory: factories })
    .from(inspectionPlans)
    .innerJoin(factories, eq(factories.id, inspectionPlans.factoryId))
    .where(eq(inspectionPlans.id, planId));
  if (!plan) return;
  const p = plan.plan;
  const assistants = (await planAssistants(db, [planId])).get(planId) ?? [];
  const [lead] = await db.select({ name: users.name }).from(users).where(eq(users.id, p.leadInspectorId));
  const tasks = await db
    .select({
      taskNo: inspectionTasks.taskNo,
      orderNo: orders.orderNo,
      type: inspectionTypes.code,
      salesId: clients.salesId,
      quantity: inspectionApplyItems.applyQuantity,
    })
    .from(inspectionTasks)
    .innerJoin(inspectionTypes, eq(inspectionTypes.id, inspectionTasks.inspectionTypeId))
    .leftJoin(inspectionApplies, eq(inspectionApplies.id, inspectionTasks.applyId))
    .leftJoin(orders, eq(orders.id, inspectionApplies.orderId))
    .leftJoin(clients, eq(clients.id, inspectionApplies.clientId))
    .leftJoin(
      inspectionApplyItems,
      and(eq(inspectionApplyItems.applyId, inspectionApplies.id), eq(inspectionApplyItems.valid, 1)),
    )
    .where(and(eq(inspectionTasks.planId, planId), eq(inspectionTasks.valid, 1)))
    .orderBy(inspectionTasks.taskNo);
  const lines = new Map<string, { orderNo: string; type: string; quantity: number }>();
  for (const t of tasks) {
    const line = lines.get(t.taskNo) ?? { orderNo: t.orderNo ?? '-', type: t.type ?? '', quantity: 0 };
    line.quantity += t.quantity ?? 0;
    lines.set(t.taskNo, line);
  }
  const inspectorIds = [p.leadInspectorId, ...assistants.map((a) => a.id), ...(options.alsoInspectors ?? [])];
  const salesIds = options.sales ? tasks.flatMap((t) => (t.salesId === null ? [] : [t.salesId])) : [];
  const contact = factoryContact(plan.factory.contacts);
  const recipients = [
    ...(contact ? [contact] : []),
    ...(await userRecipients(db, [...new Set([...inspectorIds, ...salesIds])])),
  ];
  const seen = new Set<string>();
  const dates = p.endDate === p.planDate ? p.planDate : `${p.planDate} ~ ${p.endDate}`;
  const inspectors = [lead?.name ?? '', ...assistants.map((a) => a.name)].join(', ');
  const text = [...lines].map(([no, l]) => `${no} · ${l.orderNo} · ${l.type} · ${l.quantity}`).join('\n');
  for (const r of recipients) {
    const key = r.to.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const factoryName = (r.lang === 'en' ? plan.factory.nameEn : null) ?? plan.factory.nameZh ?? '';
    const address = (r.lang === 'en' ? plan.factory.addressEn : null) ?? plan.factory.addressZh;
    await enqueueMail(db, {
      to: r.to,
      template,
      lang: r.lang,
      params: {
        name: r.name,
        planNo: p.planNo,
        factory: factoryName,
        address,
        dates,
        inspectors,
        lines: text,
        sender: user.displayName,
      },
      entity: INSPECTION_PLAN_ENTITY,
      entityId: planId,
      createdBy: user.userId,
    });
  }
}
