import { QcdeskClient, QcdeskError } from '@qcdesk/client';
import { areas } from '@qcdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSWORD, demoUsername } from './support/identity';
import { startTestApp, type TestApp } from './support/test-app';

// The typed client package (packages/client, issue 32) against a real listening server: what a third
// party's program does — sign in, call operations typed from the contract, read refusals by key.

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  const address = await t.app.server.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = address;
});

afterAll(async () => {
  await t?.close();
});

describe('@qcdesk/client', () => {
  it('signs in and calls operations with their contract types', async () => {
    const qc = new QcdeskClient({ baseUrl });
    await qc.signIn('admin', ADMIN_PASSWORD);
    const me = await qc.call(areas.identity.check, {});
    expect(me.username).toBe('admin');
    const page = await qc.call(areas.client.searchClients, { page: 1, pageSize: 5 });
    expect(Array.isArray(page.list)).toBe(true);
  });

  it('throws refusals with their reason, message and code', async () => {
    const qc = new QcdeskClient({ baseUrl, lang: 'zh' });
    const wrong = await qc.signIn('admin', 'not-the-password').catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(QcdeskError);
    expect((wrong as QcdeskError).reason).toMatch(/^E_/);
    expect((wrong as QcdeskError).message).toMatch(/[\u4e00-\u9fff]/);

    const sales = new QcdeskClient({ baseUrl, lang: 'en' });
    await sales.signIn(demoUsername('SALES'), DEMO_PASSWORD);
    const denied = await sales
      .call(areas.identity.searchUsers, { page: 1, pageSize: 5 })
      .catch((e: unknown) => e);
    expect(denied).toMatchObject({ reason: 'E_PERMISSION', code: 403 });
    expect((denied as QcdeskError).message).toBe('Invalid Permission');
  });
});
