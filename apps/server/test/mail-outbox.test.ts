import { areas } from '@qcdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/mail';
import { jobs } from '../src/db/schema/platform';
import { LOGIN_CODE_MAIL, VERIFY_CODE_MAIL } from '../src/modules/identity/identity.mails';
import type { Db } from '../src/platform/db';
import { JobWorker } from '../src/platform/jobs/job-worker';
import { enqueueMail, MAIL_SEND_JOB } from '../src/platform/mail/mail-outbox';
import { createMailTransport, mailSendHandler } from '../src/platform/mail/mail-sender';
import { signInAs } from './support/identity';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';

// The mail outbox and the job worker: at least once under one Message-ID, retries with backoff, failures recorded,
// the dev mailbox when no SMTP server is configured.

let smtp: SmtpSink;
let t: TestApp;
let n = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ env: { MAIL_URL: smtp.url, MAIL_MAX_ATTEMPTS: '2', JOB_POLL_MS: '50' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function queueMail(db: Db = t.database.db) {
  const to = `someone${++n}@example.com`;
  const id = await enqueueMail(db, {
    to,
    template: LOGIN_CODE_MAIL,
    lang: 'en',
    params: { name: 'X', code: '123456', minutes: 10, tries: 5 },
  });
  return { id, to };
}

const mailRow = async (id: bigint) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
const received = (to: string) => smtp.messages.filter((m) => m.to.includes(to)).length;
const dueNow = () => t.database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.status, 'queued'));

describe('mail outbox', () => {
  it('sends a mail over SMTP once, however often the worker runs', async () => {
    const { id, to } = await queueMail();
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    expect(received(to)).toBe(1);
    expect(await mailRow(id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      messageId: `<qcdesk-mail-${id}@qcdesk>`,
    });
  });

  it('retries a temporary failure with backoff, then sends', async () => {
    const { id, to } = await queueMail();
    smtp.failNext(1, 451);
    await t.app.jobs.drain();
    const waiting = await mailRow(id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.lastError).toContain('451');
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await t.app.jobs.drain();
    expect(received(to)).toBe(0);
    await dueNow();
    await t.app.jobs.drain();
    expect(received(to)).toBe(1);
    expect(await mailRow(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('records a permanent refusal at once, and gives up after MAIL_MAX_ATTEMPTS', async () => {
    const refused = await queueMail();
    smtp.failNext(1, 550);
    await t.app.jobs.drain();
    expect(await mailRow(refused.id)).toMatchObject({ status: 'failed', attempts: 1, solved: false });

    const flaky = await queueMail();
    smtp.failNext(2, 451);
    await t.app.jobs.drain();
    await dueNow();
    await t.app.jobs.drain();
    expect(await mailRow(flaky.id)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(received(flaky.to)).toBe(0);
  });

  it('at least once: a worker killed after the SMTP server took the mail is followed by another copy with the same Message-ID', async () => {
    const { id, to } = await queueMail();
    // The first worker dies right after the server has taken the mail: its transport delivers and
    // then never answers, so nothing after the SMTP exchange runs (as with kill -9 at that point).
    const real = createMailTransport(smtp.url)!;
    const dying = {
      sendMail: async (message: Parameters<typeof real.sendMail>[0]) => {
        await real.sendMail(message);
        await new Promise(() => {});
      },
    } as unknown as typeof real;
    const killed = mailSendHandler({ transport: dying, from: 'test@qcdesk.local', maxAttempts: 3 });
    void killed({ mailId: String(id) }, { db: t.database.db } as Parameters<typeof killed>[1]);
    await smtp.waitFor(to, 0, 5000);
    expect(await mailRow(id)).toMatchObject({ status: 'sending', attempts: 1 });
    // The job runs again (its lease ran out): the mail goes again, the same mail by its Message-ID.
    await t.app.jobs.drain();
    const copies = smtp.messages.filter((m) => m.to.includes(to));
    expect(copies).toHaveLength(2);
    const messageIds = copies.map((m) => /^Message-ID: (.+)$/im.exec(m.raw)?.[1]?.trim());
    expect(messageIds).toEqual([`<qcdesk-mail-${id}@qcdesk>`, `<qcdesk-mail-${id}@qcdesk>`]);
    expect(await mailRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
    real.close();
  });

  it('a mail whose worker dies at every attempt stops at MAIL_MAX_ATTEMPTS, failed with the reason', async () => {
    const { id, to } = await queueMail();
    await t.database.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 2 })
      .where(eq(mailOutbox.id, id));
    await t.app.jobs.drain();
    const row = await mailRow(id);
    expect(row.status).toBe('failed');
    expect(row.lastError).toContain('stopped while sending');
    expect(received(to)).toBe(0);
  });

  it('exists only when the change that wrote it commits', async () => {
    const before = (await t.database.db.select().from(mailOutbox)).length;
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueMail(tx);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect((await t.database.db.select().from(mailOutbox)).length).toBe(before);
  });

  it('a started worker sends without being asked, and stops', async () => {
    const { to } = await queueMail();
    t.app.jobs.start();
    await smtp.waitFor(to, 0, 5000);
    await t.app.jobs.stop();
    expect(received(to)).toBe(1);
  });

  it('two workers share the queue; each mail goes once', async () => {
    const queued = await Promise.all(Array.from({ length: 12 }, () => queueMail()));
    const transport = createMailTransport(smtp.url);
    const workers = [1, 2].map(() => {
      const worker = new JobWorker({ db: t.database.db, log: console, pollMs: 50, batch: 3 });
      worker.handle(MAIL_SEND_JOB, mailSendHandler({ transport, from: 'test@qcdesk.local', maxAttempts: 2 }));
      return worker;
    });
    await Promise.all(workers.map((w) => w.drain()));
    transport?.close();
    for (const mail of queued) expect(received(mail.to), mail.to).toBe(1);
  });
});

describe('dev mailbox (no MAIL_URL)', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await startTestApp();
  });
  afterAll(() => local.close());

  it('keeps mails readable by mail.admin only', async () => {
    await enqueueMail(local.database.db, {
      to: 'reader@example.com',
      template: VERIFY_CODE_MAIL,
      lang: 'zh',
      params: { name: '读者', code: '654321', minutes: 10, tries: 5 },
    });
    await local.app.jobs.drain();
    const admin = await signInAs(local, 'ADMIN');
    const box = await local.client.ok(areas.mail.searchMail, { to: 'READER' }, { token: admin });
    expect(box.total).toBe(1);
    expect(box.list[0]).toMatchObject({
      to: 'reader@example.com',
      status: 'held',
      subject: 'QCDesk 账号验证码',
    });
    expect(box.list[0]!.text).toContain('654321');
    expect(box.list[0]!.html).toContain('<strong');
    const qc = await signInAs(local, 'QC_MGR');
    expect((await local.client.call(areas.mail.searchMail, {}, { token: qc })).result.reason).toBe(
      'E_PERMISSION',
    );
  });
});
