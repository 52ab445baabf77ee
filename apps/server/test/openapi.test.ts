import { areas, operations } from '@qcdesk/contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_VERSION } from '../src/modules/system/system.service';
import { openApiDocument } from '../src/platform/openapi';
import { signInAs } from './support/identity';
import { startTestApp, type TestApp } from './support/test-app';

// Issue 32: the OpenAPI 3.1 document is generated from the contract, so it lists every operation
// with its permission, and its schemas are valid JSON Schema that accept what the server accepts.

interface Entry {
  'x-permission': string;
  summary: string;
  requestBody: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: { 200: { content: { 'application/json': { schema: Record<string, unknown> } } } };
}
type Document = { openapi: string; paths: Record<string, Record<string, Entry>> };

const document = openApiDocument(operations, PRODUCT_VERSION) as unknown as Document;
const entry = (path: string, method: string) => document.paths[`/api/${path}`]?.[method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('lists every operation of the catalogue under its method, with its permission and summary', () => {
    expect(document.openapi).toBe('3.1.0');
    const listed = Object.values(document.paths).flatMap((item) => Object.keys(item));
    expect(listed).toHaveLength(operations.length);
    for (const op of operations) {
      const found = entry(op.path, op.method);
      expect(found?.['x-permission'], op.path).toBe(op.permission);
      expect(found?.summary, op.path).toBe(op.summary);
    }
  });

  it('has input schemas that compile and judge bodies as the server does', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    for (const op of operations) {
      const schema = entry(op.path, op.method)?.requestBody.content['application/json'].schema;
      expect(() => ajv.compile(schema ?? {}), op.path).not.toThrow();
    }
    const search = ajv.compile(
      entry('client/search', 'POST')?.requestBody.content['application/json'].schema ?? {},
    );
    expect(search({ page: 1, pageSize: 20, name: '华美' })).toBe(true);
    expect(search({ page: 1, pageSize: 20, name: 'x'.repeat(201) })).toBe(false);
    expect(
      areas.client.searchClients.input.safeParse({ page: 1, pageSize: 20, name: 'x'.repeat(201) }).success,
    ).toBe(false);
  });
});

describe('system/openapi', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('serves the document of what the server binds to api.docs holders only', async () => {
    const admin = await signInAs(t, 'ADMIN');
    const served = (await t.client.ok(
      areas.system.systemOpenApi,
      {},
      { token: admin },
    )) as unknown as Document;
    expect(served.openapi).toBe('3.1.0');
    expect(entry('order/search', 'POST')).toEqual(served.paths['/api/order/search']?.post);
    const inspector = await signInAs(t, 'INSPECTOR');
    expect((await t.client.refused(areas.system.systemOpenApi, {}, { token: inspector })).reason).toBe(
      'E_PERMISSION',
    );
  });
});
