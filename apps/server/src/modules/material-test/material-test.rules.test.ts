import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../test/support/refusals';
import type { Principal } from '../../platform/auth';
import {
  assertDateRange,
  assertKeepsComplete,
  assertPushable,
  assertValidityMayChange,
  followingAction,
  isComplete,
  listChanged,
  pushRecipients,
  userActions,
} from './material-test.rules';

const user = (...permissions: string[]): Principal => ({
  userId: 1n,
  username: 'lab',
  displayName: 'Lab',
  permissions: new Set(permissions),
});

describe('material test rules (DOMAIN.md §4.13)', () => {
  it('is complete with a result and a report file', () => {
    expect(isComplete(1, 1)).toBe(true);
    expect(isComplete(0, 1)).toBe(false);
    expect(isComplete(2, 0)).toBe(false);
  });

  it('completes a complete draft and corrects a pushed test after an update', () => {
    expect(followingAction(10, 1, 1)).toBe('complete');
    expect(followingAction(10, 0, 1)).toBeNull();
    expect(followingAction(10, 1, 0)).toBeNull();
    expect(followingAction(20, 1, 1)).toBeNull();
    expect(followingAction(30, 1, 1)).toBe('correct');
  });

  it('keeps a completed or pushed test complete, naming what is missing', () => {
    expect(() => assertKeepsComplete(10, 0, 0)).not.toThrow();
    expect(() => assertKeepsComplete(20, 1, 2)).not.toThrow();
    expect(refusalOf(() => assertKeepsComplete(20, 0, 1))).toEqual({ reason: 'E_REQUIRED', field: 'result' });
    expect(refusalOf(() => assertKeepsComplete(30, 1, 0))).toEqual({
      reason: 'E_REQUIRED',
      field: 'reportFileIds',
    });
  });

  it('deletes and undeletes only in 10 and 20', () => {
    expect(() => assertValidityMayChange(10, true)).not.toThrow();
    expect(() => assertValidityMayChange(20, true)).not.toThrow();
    expect(() => assertValidityMayChange(30, false)).not.toThrow();
    expect(refusalOf(() => assertValidityMayChange(30, true)).reason).toBe('E_STATUS');
  });

  it('refuses a range ending before it starts', () => {
    expect(() => assertDateRange('2026-01-01', '2026-01-01')).not.toThrow();
    expect(refusalOf(() => assertDateRange('2026-02-01', '2026-01-31'))).toEqual({
      reason: 'E_DATE_RANGE',
      field: 'endDate',
    });
  });

  it('compares test items as a set and report files in order', () => {
    expect(listChanged([1n, 2n], undefined, false)).toBe(false);
    expect(listChanged([1n, 2n], [2n, 1n], false)).toBe(false);
    expect(listChanged([1n, 2n], [2n, 1n], true)).toBe(true);
    expect(listChanged([1n, 2n], [1n, 2n], true)).toBe(false);
    expect(listChanged([1n], [1n, 3n], false)).toBe(true);
  });

  it('offers push to materialtest.push on a valid completed or pushed test with a report file', () => {
    const pusher = user('materialtest.edit', 'materialtest.push');
    expect(userActions({ status: 20, valid: 1 }, pusher, 1)).toEqual(['push']);
    expect(userActions({ status: 30, valid: 1 }, pusher, 2)).toEqual(['push']);
    expect(userActions({ status: 10, valid: 1 }, pusher, 1)).toEqual([]);
    expect(userActions({ status: 20, valid: 0 }, pusher, 1)).toEqual([]);
    // Nothing to send without a report file (the demo's completed tests have none).
    expect(userActions({ status: 20, valid: 1 }, pusher, 0)).toEqual([]);
    // `correct` follows from an update: never offered.
    expect(userActions({ status: 30, valid: 1 }, user('materialtest.edit'), 1)).toEqual([]);
  });

  it('refuses to push a test without a report file', () => {
    expect(refusalOf(() => assertPushable(20, 0))).toEqual({ reason: 'E_NO_REPORT', field: 'reportFileIds' });
    expect(refusalOf(() => assertPushable(30, 0))).toEqual({ reason: 'E_NO_REPORT', field: 'reportFileIds' });
    // A draft is refused for its status first, as the state table would.
    expect(refusalOf(() => assertPushable(10, 0))).toEqual({ reason: 'E_STATUS', field: undefined });
    expect(() => assertPushable(20, 1)).not.toThrow();
  });

  it('mails contacts in Chinese, buyers in English, the pusher in own language, each address once', () => {
    const recipients = pushRecipients(
      {
        contacts: [
          { name: '王经理', email: 'wang@supplier.cn' },
          { name: 'No mail' },
          { email: 'QA@buyer.com' },
        ],
        buyers: [{ name: 'Nordic Home AB', emails: ['qa@buyer.com', 'sourcing@buyer.com'] }],
        pusher: { email: 'lab@qcdesk.local', name: '实验室', language: null },
      },
      'en',
    );
    expect(recipients).toEqual([
      { email: 'wang@supplier.cn', name: '王经理', lang: 'zh' },
      { email: 'QA@buyer.com', name: 'QA@buyer.com', lang: 'zh' },
      { email: 'sourcing@buyer.com', name: 'Nordic Home AB', lang: 'en' },
      { email: 'lab@qcdesk.local', name: '实验室', lang: 'en' },
    ]);
    expect(
      pushRecipients(
        { contacts: [], buyers: [], pusher: { email: 'a@b.c', name: 'A', language: 'zh' } },
        'en',
      ),
    ).toEqual([{ email: 'a@b.c', name: 'A', lang: 'zh' }]);
    // The pusher is greeted in their language by the name of that language.
    const admin = { email: 'admin@x.cn', name: '系统管理员', englishName: 'Administrator' };
    expect(pushRecipients({ contacts: [], buyers: [], pusher: { ...admin, language: 'en' } }, 'zh')).toEqual([
      { email: 'admin@x.cn', name: 'Administrator', lang: 'en' },
    ]);
    expect(pushRecipients({ contacts: [], buyers: [], pusher: { ...admin, language: null } }, 'zh')).toEqual([
      { email: 'admin@x.cn', name: '系统管理员', lang: 'zh' },
    ]);
  });
});
