import { describe, expect, it } from 'vitest';
import { areasOf, operationsOf } from './api-reference-model';

const document = {
  paths: {
    '/api/client/update': {
      post: {
        summary: 'Update a client',
        'x-permission': 'client.edit',
        requestBody: { content: { 'application/json': { schema: { type: 'object', title: 'in' } } } },
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  allOf: [
                    { $ref: '#/components/schemas/Result' },
                    { properties: { data: { title: 'out' } } },
                  ],
                },
              },
            },
          },
        },
      },
    },
    '/api/auth': { post: { summary: 'Sign in', 'x-permission': 'public' } },
    '/api/client/search': {
      get: { summary: 'Search clients', 'x-permission': 'client.search', 'x-also-permitted': ['x.y'] },
    },
  },
};

describe('the API reference model', () => {
  it('lists every operation with its method, permission and schemas, in path order', () => {
    const ops = operationsOf(document);
    expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual([
      'POST auth',
      'GET client/search',
      'POST client/update',
    ]);
    expect(ops[2]).toMatchObject({
      permission: 'client.edit',
      input: { title: 'in' },
      output: { title: 'out' },
    });
    expect(ops[1]!.alsoPermitted).toEqual(['x.y']);
    expect(operationsOf(null)).toEqual([]);
  });

  it('groups by area and keeps the operations holding every word typed', () => {
    const ops = operationsOf(document);
    expect(areasOf(ops, '').map((a) => [a.area, a.operations.length])).toEqual([
      ['auth', 1],
      ['client', 2],
    ]);
    expect(areasOf(ops, 'CLIENT edit').flatMap((a) => a.operations.map((o) => o.path))).toEqual([
      'client/update',
    ]);
    expect(areasOf(ops, 'x.y')[0]!.operations[0]!.path).toBe('client/search');
    expect(areasOf(ops, 'nothing here')).toEqual([]);
  });
});
