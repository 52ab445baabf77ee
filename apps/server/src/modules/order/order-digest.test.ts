import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/support/identity';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { notifyProductTracks } from '../../db/schema/config';
import { userSettings } from '../../db/schema/identity';
import { mailOutbox } from '../../db/schema/mail';
import { orderProducts } from '../../db/schema/order';
import { businessDate } from '../../platform/business-time';
import { buildOrder } from './order.factory';
import { digestLines } from './order-digest.rules';
import { sendDueDigests } from './order-digest.service';

// The daily delivery digest (DOMAIN.md §2.9, §6.8; issue 14): one mail per recipient and business
// day through the outbox and the job worker, listing overdue and due-soon products by order.

let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ env: { MAIL_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** 10:00 in Shanghai on today's business date (02:00 UTC). */
const morning = () => new Date(`${businessDate()}T02:00:00Z`);

describe('delivery digest', () => {
  it('mails each recipient once a day: their due products by order, through the job worker', async () => {
    const db = t.database.db;
    const qc = await buildUser(db, { role: 'QC', department: 'QC', position: 2 });
    await db.insert(userSettings).values({ userId: qc.id, language: 'en' });
    const { order, products } = await buildOrder(db, { lines: [{ due: -2 }, { due: 3 }, { due: 40 }] });
    await db.update(orderProducts).set({ qcId: qc.id }).where(eq(orderProducts.orderId, order.id));

    const since = smtp.messages.length;
    // 06:00 in Shanghai: before DIGEST_HOUR, nothing goes out yet.
    expect(await sendDueDigests(db, new Date(morning().getTime() - 4 * 3_600_000))).toBe(0);
    const queued = await sendDueDigests(db, morning());
    expect(queued).toBeGreaterThan(0);
    const [mine] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, qc.email), eq(mailOutbox.template, 'product-track-digest')));
    expect(mine!.subject).toMatch(/1 overdue, 1 due soon$/);
    expect(mine!.text).toContain(order.orderNo);
    expect(mine!.text).toContain(`${products[0]!.productNo}`);
    expect(mine!.text).toContain('overdue 2 days');
    expect(mine!.text).not.toContain(products[2]!.productNo);

    // The same day again: nothing more for anyone.
    expect(await sendDueDigests(db, morning())).toBe(0);
    await t.app.jobs.drain();
    const [state] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mine!.id));
    expect(state, String(state?.lastError)).toMatchObject({ status: 'sent' });
    const received = await smtp.waitFor(qc.email, since);
    expect(received.text).toContain(products[1]!.productNo);
  });

  it('sends plain addresses of a rule every due product', async () => {
    const db = t.database.db;
    const { order } = await buildOrder(db, { lines: [{ due: 1 }] });
    await db.insert(notifyProductTracks).values({
      code: 'NPT-DUE-PMO',
      nameZh: '交期提醒（项目部）',
      nameEn: 'Delivery due (PMO)',
      event: 'DELIVERY_DUE',
      emails: ['pmo@example.com'],
    });
    const tomorrow = new Date(morning().getTime() + 86_400_000);
    await sendDueDigests(db, tomorrow);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'pmo@example.com'));
    expect(mail!.text).toContain(order.orderNo);
  });

  it('writes the list by order in the recipient’s language', () => {
    const product = (orderNo: string, productNo: string, deliveryDate: string) => ({
      orderNo,
      clientPo: 'PO-1',
      client: '太平洋玩具',
      productNo,
      name: '毛绒小熊',
      deliveryDate,
    });
    const digest = digestLines(
      [
        product('OD1', 'OD1-01', '2026-03-13'),
        product('OD1', 'OD1-02', '2026-03-15'),
        product('OD2', 'OD2-01', '2026-03-20'),
      ],
      '2026-03-15',
      'zh',
      true,
    );
    expect(digest).toEqual({
      overdue: 1,
      dueSoon: 2,
      lines: [
        'OD1 · PO PO-1 · 太平洋玩具',
        '  OD1-01  毛绒小熊  2026-03-13  逾期2天',
        '  OD1-02  毛绒小熊  2026-03-15  今天到期',
        'OD2 · PO PO-1 · 太平洋玩具',
        '  OD2-01  毛绒小熊  2026-03-20  5天后到期',
        '……更多产品请在订单列表中查看',
      ].join('\n'),
    });
  });
});
