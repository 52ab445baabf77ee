import { type OperationDef, operationKey, operations } from '@qcdesk/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { unstorableTextPath } from '../src/platform/registry';
import { multipart } from './support/files-helpers';
import { signInAs } from './support/identity';
import { startTestApp, type TestApp } from './support/test-app';

// Every string field of every operation of the catalogue, given text that no database can store:
// NUL (PostgreSQL's "invalid byte sequence 0x00") or an unpaired surrogate (invalid JSON in the
// change log). Each must be refused as E_FORMAT naming the field, never answered with a 500. It
// grows by itself with the catalogue.

type Path = (string | number)[];

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The paths of the string fields an input schema accepts (an array's first element stands for all). */
function stringPaths(schema: z.ZodType, path: Path = [], seen = new Set<z.ZodType>()): Path[] {
  if (seen.has(schema)) return [];
  const def = defOf(schema);
  const walk = (inner: z.ZodType | undefined, at: Path = path) =>
    inner ? stringPaths(inner, at, new Set([...seen, schema])) : [];
  switch (def.type) {
    case 'string':
      return [path];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => walk(field, [...path, key]));
    case 'array':
      return walk(def.element, [...path, 0]);
    case 'tuple':
      return (def.items ?? []).flatMap((item, i) => walk(item, [...path, i]));
    case 'record':
      return walk(def.valueType, [...path, 'key']);
    case 'union':
      return (def.options ?? []).flatMap((option) => walk(option));
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'pipe':
      return walk(def.in);
    case 'lazy':
      return walk(def.getter?.());
    default:
      // optional, nullable, default, prefault, catch, readonly, nonoptional…
      return walk(def.innerType);
  }
}

/** The smallest body holding `value` at `path`. */
function bodyWith(path: Path, value: string): unknown {
  return path.reduceRight<unknown>(
    (inner, key) => (typeof key === 'number' ? [inner] : { [key]: inner }),
    value,
  );
}

const cases = operations.flatMap((op) => {
  const unique = new Map(stringPaths(op.input).map((p) => [p.join('.'), p]));
  return [...unique.values()].map((path) => ({ op, path }));
});

describe('unstorableTextPath', () => {
  it('finds NUL and unpaired surrogates in values and keys, and accepts paired ones', () => {
    expect(unstorableTextPath({ a: ['ok', { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(unstorableTextPath({ a: 'x\ud800y' })).toEqual(['a']);
    expect(unstorableTextPath({ a: 'x\udc00' })).toEqual(['a']);
    expect(unstorableTextPath({ a: { 'k\u0000': 1 } })).toEqual(['a']);
    expect(unstorableTextPath({ a: '😀 质检', b: [1, null, true] })).toBeUndefined();
  });
});

describe('text no database can store', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    token = await signInAs(t, 'ADMIN');
  });
  afterAll(() => t.close());

  it('walks a catalogue that has string fields', () => {
    expect(cases.length).toBeGreaterThan(100);
  });

  it('is refused as E_FORMAT naming the field, in every string field of every operation', async () => {
    const wrong: string[] = [];
    for (const { op, path } of cases) {
      const field = path.join('.');
      for (const bad of ['a\u0000b', 'a\ud800b']) {
        const body = bodyWith(path, bad) as Record<string, unknown>;
        const { status, result } = await t.client.call(op as OperationDef, body, { token, lang: 'en' });
        if (status !== 200 || result.reason !== 'E_FORMAT' || result.field !== field) {
          wrong.push(
            `${operationKey(op)} ${field} ${JSON.stringify(bad)}: ${status} ${result.reason} ${result.field}`,
          );
          // A call that got through may have ended the session (logout): go on with a new one.
          if (result.reason === 'E_SESSION_ENDED') token = await signInAs(t, 'ADMIN');
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names the field in both languages', async () => {
    const op = operations.find((o) => o.path === 'client/search')!;
    const en = await t.client.call(op, { name: 'a\u0000b' }, { token, lang: 'en' });
    expect(en.result).toMatchObject({ success: false, reason: 'E_FORMAT', field: 'name' });
    expect(en.result.error).toBe('Name has an invalid format');
    const zh = await t.client.call(op, { name: 'a\ud800b' }, { token, lang: 'zh' });
    expect(zh.result).toMatchObject({ reason: 'E_FORMAT', field: 'name' });
    expect(zh.result.error).toMatch(/格式不正确$/);
  });

  it('is refused in the file routes too: path, query and form fields', async () => {
    const plain = async (request: InjectOptions) => {
      const response = await t.app.server.inject(request);
      return { status: response.statusCode, body: response.json() as Record<string, unknown> };
    };
    const en = { 'accept-language': 'en' };
    expect(await plain({ method: 'GET', url: '/api/short-url/a%00b', headers: en })).toMatchObject({
      status: 400,
      body: { success: false, reason: 'E_FORMAT', field: 'id' },
    });
    expect(await plain({ method: 'GET', url: '/api/file/zip?ids=1&name=a%00b', headers: en })).toMatchObject({
      status: 400,
      body: { reason: 'E_FORMAT', field: 'name' },
    });
    const form = multipart([
      { name: 'urls', value: '/api/file/1' },
      { name: 'sub', value: 'a\u0000b' },
    ]);
    expect(
      await plain({
        method: 'POST',
        url: '/api/short-url',
        headers: { ...form.headers, ...en, authorization: `Bearer ${token}` },
        payload: form.payload,
      }),
    ).toMatchObject({ status: 400, body: { reason: 'E_FORMAT', field: 'sub' } });
  });
});
