import { describe, expect, it } from 'vitest';
import { personName } from './person-name';

describe('personName', () => {
  it('names a person in English by the English name when there is one', () => {
    expect(personName({ name: '系统管理员', englishName: 'Administrator' }, 'en')).toBe('Administrator');
    expect(personName({ name: '系统管理员', englishName: 'Administrator' }, 'zh')).toBe('系统管理员');
  });

  it('falls back to the name without an English name, or with a blank one', () => {
    expect(personName({ name: '王芳', englishName: null }, 'en')).toBe('王芳');
    expect(personName({ name: '王芳', englishName: '  ' }, 'en')).toBe('王芳');
    expect(personName({ name: '王芳' }, 'en')).toBe('王芳');
  });
});
