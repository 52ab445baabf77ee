import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { expect } from '@playwright/test';
import { EnvelopeClient } from '@qcdesk/contract/envelope';
import { DEMO_USERS } from './accounts';
import { test } from './fixtures';
import { signIn } from './helpers';

// Issue 7: files uploaded by a signed-in user, shared by a password short link, opened by a visitor
// without an account in a fresh browser, downloaded as one zip (deflate level 1).

/** The entries of a zip, read through its central directory and inflated with node:zlib. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString(flags & 0x800 ? 'utf8' : 'latin1');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

test('shares an uploaded PDF and image by a password link that a visitor downloads as a zip', async ({
  page,
  browser,
  baseURL,
}) => {
  // A signed-in sales user's session: its bearer token opens the envelope calls below.
  await signIn(page, DEMO_USERS.SALES, 'zh');
  const bearer = await page.evaluate(() => sessionStorage.getItem('qcdesk.bearerToken'));
  expect(bearer).toBeTruthy();

  const envelope = new EnvelopeClient(async () => (await fetch(`${baseURL}/api/publickey`)).json());
  const call = async (path: string, body: unknown) => {
    const sealed = await envelope.sealCall('POST', body);
    const response = await fetch(`${baseURL}/api/${path}?cpt=qcdesk-web&format=json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify(sealed.body),
    });
    const result = (await sealed.open(((await response.json()) as { data: string }).data)) as {
      success: boolean;
      data: { token: string };
    };
    expect(result.success).toBe(true);
    return result.data;
  };
  const { token } = await call('token/upload', {});

  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(40_000)]);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    randomBytes(30_000),
  ]);
  const upload = async (name: string, content: Buffer) => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(content)]), name);
    const response = await fetch(`${baseURL}/api/file/upload`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { id: string; name: string; url: string } };
    expect(body.data.name).toBe(name);
    return body.data;
  };
  const report = await upload('验货报告 2026.pdf', pdf);
  const photo = await upload('现场照片.png', png);

  const form = new FormData();
  form.append('urls', report.id);
  form.append('urls', photo.url);
  form.set('pwd', 'abc123');
  form.set('sub', '验货资料');
  form.set('limit', '5');
  const created = await fetch(`${baseURL}/api/short-url`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}` },
    body: form,
  });
  expect(created.status).toBe(200);
  const link = ((await created.json()) as { data: { id: string } }).data;

  // A visitor with no account, in a browser that never signed in.
  const visitor = await browser.newContext({ locale: 'zh-CN', acceptDownloads: true });
  const shared = await visitor.newPage();
  await shared.goto(`/s/${link.id}`);
  await shared.getByTestId('share-password').fill('wrong1');
  await shared.getByTestId('share-open').click();
  await expect(shared.getByText('密码错误')).toBeVisible();
  await shared.getByTestId('share-password').fill('abc123');
  await shared.getByTestId('share-open').click();
  await expect(shared.getByRole('heading', { level: 1, name: '验货资料' })).toBeVisible();
  await expect(shared.getByText('验货报告 2026.pdf')).toBeVisible();
  await expect(shared.getByText('现场照片.png')).toBeVisible();

  const [download] = await Promise.all([
    shared.waitForEvent('download'),
    shared.getByTestId('share-download-all').click(),
  ]);
  expect(download.suggestedFilename()).toBe('验货资料.zip');
  const entries = unzip(readFileSync((await download.path())!));
  expect([...entries.keys()]).toEqual(['验货报告 2026.pdf', '现场照片.png']);
  expect(entries.get('验货报告 2026.pdf')!.equals(pdf)).toBe(true);
  expect(entries.get('现场照片.png')!.equals(png)).toBe(true);
  await visitor.close();
});
