import { describe, expect, it } from 'vitest';
import { mayWriteForClient, type Scope } from './scope';

describe('who writes a record of a client (DOMAIN.md §5.4)', () => {
  const client = { id: 5n, departmentId: 2n, salesId: 9n };
  it.each<[string, Scope, boolean]>([
    ['all', { kind: 'all' }, true],
    ['department', { kind: 'department', userId: 1n, departmentIds: [2n], ownClientsOnly: false }, true],
    [
      'other department',
      { kind: 'department', userId: 1n, departmentIds: [3n], ownClientsOnly: false },
      false,
    ],
    [
      'sales, not own client',
      { kind: 'department', userId: 1n, departmentIds: [2n], ownClientsOnly: true },
      false,
    ],
    [
      'sales, own client',
      { kind: 'department', userId: 9n, departmentIds: [2n], ownClientsOnly: true },
      true,
    ],
    ['client user', { kind: 'client', clientId: 5n }, true],
  ])('%s writes: %s', (_name, scope, writes) => {
    expect(mayWriteForClient(scope, client)).toBe(writes);
  });
});
