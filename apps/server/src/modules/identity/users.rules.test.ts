import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { checkClientLink, defined, nameOf, settingOf, updateAction } from './users.rules';

describe('user rules', () => {
  it('names by the language of the request', () => {
    expect(nameOf('zh', '质检', 'QC')).toBe('质检');
    expect(nameOf('en', '质检', 'QC')).toBe('QC');
  });

  it('requires a client for the CLIENT role and refuses one for any other role', () => {
    expect(() => checkClientLink('CLIENT', 5n)).not.toThrow();
    expect(() => checkClientLink('QC', null)).not.toThrow();
    expect(() => checkClientLink('CLIENT', null)).toThrow(AppError);
    expect(() => checkClientLink('CLIENT', undefined)).toThrow(AppError);
    expect(() => checkClientLink('QC', 5n)).toThrow(AppError);
  });

  it('keeps only the fields given', () => {
    expect(defined({ a: 1, b: undefined, c: null })).toEqual({ a: 1, c: null });
  });

  it('names the change of user/update: validity first, then state, else update', () => {
    const live = { state: 1, valid: 1 };
    expect(updateAction({ valid: 0 }, live)).toBe('delete');
    expect(updateAction({ valid: 1, state: 0 }, { state: 1, valid: 0 })).toBe('undelete');
    expect(updateAction({ state: 0, valid: 0 }, live)).toBe('delete');
    expect(updateAction({ state: 0 }, live)).toBe('lock');
    expect(updateAction({ state: 1 }, { state: 0, valid: 1 })).toBe('unlock');
    expect(updateAction({ state: 1, valid: 1 }, live)).toBe('update');
    expect(updateAction({}, live)).toBe('update');
  });

  it('gives the defaults until a setting is saved', () => {
    expect(settingOf(undefined)).toEqual({ language: null, notifyByMail: true, version: 0 });
  });
});
