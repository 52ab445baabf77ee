import { areas, operationKey, operations, permits, ROLES } from '@qcdesk/contract';
import { fileRawRoutes } from '@qcdesk/contract/files';
import { RAW_AUTH, type RawRouteDef, rawRouteKey } from '@qcdesk/contract/raw-route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject, multipart, samples } from './support/files-helpers';
import { ADMIN_PASSWORD, DEMO_PASSWORD, demoUsername } from './support/identity';
import { startTestApp, type TestApp } from './support/test-app';

// The whole operation catalogue × every role of DOMAIN.md §5.3. It grows by itself: every
// operation added to the contract is called, with an empty body, by the demo user of each role.
// A role that lacks the operation's permission must get E_PERMISSION; one that holds it must get
// past the check (a validation error or a success both count as allowed).

let t: TestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await startTestApp();
  for (const role of ROLES) {
    const session = await t.client.ok(areas.identity.login, {
      username: demoUsername(role.code),
      password: DEMO_PASSWORD,
    });
    tokens.set(role.code, session.bearerToken);
  }
});
afterAll(() => t.close());

const guarded = operations.filter((op) => op.permission !== 'public' && op.permission !== 'signed-in');
const bound = (op: (typeof operations)[number]) => t.app.registry.lookup(op.path, op.method) !== undefined;

describe('operation catalogue', () => {
  it('binds every operation of the contract', () => {
    const unbound = operations.filter((op) => !bound(op)).map(operationKey);
    expect(unbound).toEqual([]);
  });

  it('answers 401 to every non-public operation called without a session', async () => {
    const open: string[] = [];
    for (const op of operations.filter((o) => o.permission !== 'public' && bound(o))) {
      const { status, result } = await t.client.call(op, {});
      if (status !== 401 || result.reason !== 'UNAUTHORIZED')
        open.push(`${operationKey(op)} → ${status} ${result.reason}`);
    }
    expect(open).toEqual([]);
  });

  it('seeds the roles with the matrix of the contract', async () => {
    const admin = await t.client.ok(areas.identity.login, { username: 'admin', password: ADMIN_PASSWORD });
    const stored = await t.client.ok(areas.identity.listRoles, {}, { token: admin.bearerToken });
    for (const role of ROLES) {
      expect(new Set(stored.find((r) => r.code === role.code)?.permissions), role.code).toEqual(
        new Set(role.permissions),
      );
    }
  });
});

describe.each(ROLES.map((r) => [r.code, r] as const))('role %s', (code, role) => {
  it('is allowed exactly the operations its permissions open', async () => {
    const held = new Set<string>(role.permissions);
    const wrong: string[] = [];
    for (const op of guarded.filter(bound)) {
      const { status, result } = await t.client.call(op, {}, { token: tokens.get(code)! });
      const denied = status === 200 && result.reason === 'E_PERMISSION';
      const expected = !permits(op, held);
      if (denied !== expected) {
        wrong.push(
          `${operationKey(op)} [${op.permission}]: ${expected ? 'should be denied' : 'should be allowed'}, got ${status} ${result.reason ?? 'success'}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });
});

// The raw routes outside the envelope (contract `fileRawRoutes`): none opens with a session or a
// permission alone; each answers its credential's refusal (RAW_AUTH) to a caller without it.
describe('raw routes', () => {
  const rawRoutes = Object.values(fileRawRoutes) as RawRouteDef[];

  function probe(route: RawRouteDef, authorization?: string) {
    const body =
      route.body === 'multipart'
        ? multipart([{ name: 'file', filename: 'probe.pdf', content: samples.pdf() }])
        : route.body === 'stream'
          ? { payload: samples.pdf(), headers: { 'content-type': 'application/pdf' } }
          : { payload: undefined, headers: {} };
    return inject(t, {
      method: route.method,
      url: route.probe,
      payload: body.payload,
      headers: { ...body.headers, ...(authorization ? { authorization } : {}) },
    });
  }

  it('binds every raw route of the contract', () => {
    const unbound = rawRoutes.filter(
      (route) => !t.app.server.hasRoute({ method: route.method, url: route.path }),
    );
    expect(unbound.map(rawRouteKey)).toEqual([]);
  });

  it.each(rawRoutes.map((route) => [rawRouteKey(route), route] as const))(
    'refuses %s without its credential, with or without a session',
    async (_key, route) => {
      const refusal = RAW_AUTH[route.auth];
      for (const authorization of [undefined, `Bearer ${tokens.get('ADMIN')!}`]) {
        const answer = await probe(route, authorization);
        if (refusal.status === 'page') {
          // The shared-file page: no redirect to a file, and no file.
          expect(answer.status).not.toBe(302);
          expect(answer.headers['content-disposition']).toBeUndefined();
        } else if (authorization === undefined || route.auth !== 'session-or-upload-token') {
          expect(answer.json.success, rawRouteKey(route)).toBe(false);
          if (authorization === undefined) {
            expect([answer.status, answer.json.reason]).toEqual([refusal.status, refusal.reason]);
          } else {
            expect([401, 403, 404]).toContain(answer.status);
          }
        }
      }
    },
  );
});
