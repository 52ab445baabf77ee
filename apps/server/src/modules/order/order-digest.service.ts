import type { Language } from '@qcdesk/contract';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { notifyProductTracks } from '../../db/schema/config';
import { roles, userSettings, users } from '../../db/schema/identity';
import { mailOutbox } from '../../db/schema/mail';
import { orderProducts } from '../../db/schema/order';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { enqueueMail } from '../../platform/mail/mail-outbox';
import { scopeOf } from '../../platform/scope';
import { seedPrincipal } from '../../platform/seed-principal';
import { getSystemParam } from '../../platform/system-params';
import { DIGEST_MAIL } from './order.mails';
import { productScope } from './order.queries';
import { addDays } from './order.rules';
import { type DueProduct, digestLines } from './order-digest.rules';

// The daily delivery digest (DOMAIN.md §2.9 NotifyProductTrack, §6.8; issue 14): once a business
// day, every recipient of the DELIVERY_DUE rules gets one mail listing the products that are
// overdue or due within delivery.dueSoonDays, grouped by order, through the mail outbox. Users
// named by role get their own to-do (products they are QC or sales of, §6.8 "work"); users named
// one by one get every due product in their scope; plain addresses every due product.

/** The change-log-free marker of a digest in the outbox: entity and the day as yyyymmdd. */
const DIGEST_ENTITY = 'product_track_digest';
/** Digests go out from this business hour on (Asia/Shanghai), once a day. */
export const DIGEST_HOUR = 8;
/** Products one mail lists (the rest are counted). */
const MAIL_PRODUCTS = 200;
/** Serialises digest rounds of several processes (pg_advisory_xact_lock). */
const DIGEST_LOCK = 7041201;

interface Recipient {
  name: string;
  lang: Language;
  /** Which due products are the recipient's (OR-ed); an empty list: all of them. */
  filters: (SQL | undefined)[];
}

const businessHour = (at: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' }).format(
      at,
    ),
  );

/** The recipients of the DELIVERY_DUE rules, by address. */
async function recipients(db: Db): Promise<Map<string, Recipient>> {
  const rules = await db
    .select()
    .from(notifyProductTracks)
    .where(
      and(
        eq(notifyProductTracks.event, 'DELIVERY_DUE'),
        eq(notifyProductTracks.valid, 1),
        eq(notifyProductTracks.active, 1),
      ),
    );
  const found = new Map<string, Recipient>();
  const add = (to: string, name: string, lang: Language, filter: SQL | undefined) => {
    const r = found.get(to.toLowerCase()) ?? { name, lang, filters: [] };
    r.filters.push(filter);
    found.set(to.toLowerCase(), r);
  };
  const people = (where: SQL) =>
    db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        email: users.email,
        lang: userSettings.language,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(and(eq(users.valid, 1), eq(users.state, 1), where));
  for (const rule of rules) {
    if (rule.roles.length > 0) {
      for (const u of await people(inArray(roles.code, rule.roles))) {
        add(
          u.email,
          u.name,
          u.lang ?? 'zh',
          or(eq(orderProducts.qcId, u.id), eq(orderProducts.salesId, u.id)),
        );
      }
    }
    const ids = rule.userIds.filter((id) => /^\d+$/.test(id)).map(BigInt);
    if (ids.length > 0) {
      for (const u of await people(inArray(users.id, ids))) {
        const principal = await seedPrincipal(db, u.username);
        if (principal)
          add(u.email, u.name, u.lang ?? 'zh', productScope(await scopeOf(db, principal)) ?? sql`true`);
      }
    }
    for (const email of rule.emails) add(email, email, 'zh', sql`true`);
  }
  return found;
}

/** The due products of one recipient, soonest first (one more than a mail lists). */
function dueProducts(db: Db, until: string, filters: (SQL | undefined)[]): Promise<DueProduct[]> {
  return db
    .select({
      orderNo: orderProducts.orderNo,
      clientPo: orderProducts.clientPo,
      client: clients.name,
      productNo: orderProducts.productNo,
      name: orderProducts.name,
      deliveryDate: orderProducts.deliveryDate,
    })
    .from(orderProducts)
    .innerJoin(clients, eq(clients.id, orderProducts.clientId))
    .where(
      and(
        eq(orderProducts.valid, 1),
        eq(orderProducts.orderValid, 1),
        sql`${orderProducts.deliveryDate} <= ${until}`,
        or(...filters.map((f) => f ?? sql`true`)),
      ),
    )
    .orderBy(asc(orderProducts.deliveryDate), asc(orderProducts.orderNo), asc(orderProducts.productNo))
    .limit(MAIL_PRODUCTS + 1);
}

/**
 * One digest round: from DIGEST_HOUR on, mails each recipient that has due products and has not
 * had today's digest. Several processes may run it; the lock and the outbox make it once a day.
 * Answers how many mails it queued.
 */
export async function sendDueDigests(db: Db, now: Date = new Date()): Promise<number> {
  if (businessHour(now) < DIGEST_HOUR) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DIGEST_LOCK})`);
    const today = businessDate(now);
    const dayKey = BigInt(today.replaceAll('-', ''));
    const sent = new Set(
      (
        await tx
          .select({ to: mailOutbox.to })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.entity, DIGEST_ENTITY), eq(mailOutbox.entityId, dayKey)))
      ).map((r) => r.to.toLowerCase()),
    );
    const days = await getSystemParam(tx, 'delivery.dueSoonDays');
    let queued = 0;
    for (const [to, recipient] of await recipients(tx)) {
      if (sent.has(to)) continue;
      const products = await dueProducts(tx, addDays(today, days), recipient.filters);
      if (products.length === 0) continue;
      const digest = digestLines(
        products.slice(0, MAIL_PRODUCTS),
        today,
        recipient.lang,
        products.length > MAIL_PRODUCTS,
      );
      await enqueueMail(tx, {
        to,
        template: DIGEST_MAIL,
        lang: recipient.lang,
        params: { name: recipient.name, day: today, days, ...digest },
        entity: DIGEST_ENTITY,
        entityId: dayKey,
      });
      queued++;
    }
    return queued;
  });
}
