import { describe, expect, it } from 'vitest';
import { configListOperations, createSchema, searchSchema, updateSchema } from './config';
import {
  CONFIG_FIELD_LABELS,
  CONFIG_LIST_NAMES,
  CONFIG_LISTS,
  configFieldLabel,
  editableFields,
  type FieldDef,
  isConfigListName,
  naturalKey,
} from './config-lists';
import { enumerations } from './enumerations';
import { fieldLabel } from './messages';

const allFields = (fields: readonly FieldDef[]): FieldDef[] =>
  fields.flatMap((f) => [f, ...allFields(f.fields ?? [])]);

describe('config list registry', () => {
  it('names every column of a list apart, so an import reads labels in either language (issue 12)', () => {
    const active: FieldDef = { name: 'active', type: 'int' };
    for (const list of CONFIG_LISTS) {
      const fields = [...editableFields(list), active];
      const namesOf = (f: FieldDef) =>
        new Set([f.name, configFieldLabel(f, 'zh'), configFieldLabel(f, 'en')].map((n) => n.toLowerCase()));
      const named = fields.map(namesOf);
      named.forEach((own, i) => {
        named.forEach((other, j) => {
          if (i === j) return;
          const shared = [...own].filter((n) => other.has(n));
          expect(shared, `${list.name}: ${fields[i]!.name} and ${fields[j]!.name}`).toEqual([]);
        });
      });
    }
  });

  it('declares every list of spec §3 once, in the order of CONFIG_LIST_NAMES', () => {
    expect(CONFIG_LISTS.map((l) => l.name)).toEqual([...CONFIG_LIST_NAMES]);
    expect(CONFIG_LIST_NAMES).toHaveLength(35);
    expect(CONFIG_LIST_NAMES).not.toContain('role');
  });

  it('labels every field in both languages, also in validation messages', () => {
    for (const list of CONFIG_LISTS) {
      for (const field of allFields(editableFields(list))) {
        const label = field.label ?? CONFIG_FIELD_LABELS[field.name];
        expect(label, `${list.name}.${field.name}`).toBeDefined();
        expect(fieldLabel(field.name, 'zh')).not.toBe(field.name);
        expect(fieldLabel(field.name, 'en')).not.toBe('');
      }
    }
  });

  it('points references at lists that exist and enums at enumerations that exist', () => {
    for (const list of CONFIG_LISTS) {
      for (const field of allFields(list.fields)) {
        if (field.ref)
          expect(isConfigListName(field.ref) || ['user', 'client'].includes(field.ref)).toBe(true);
        if (field.type === 'enum')
          expect(enumerations[field.enum!], `${list.name}.${field.name}`).toBeDefined();
        if (field.type === 'json') expect(field.fields?.length).toBeGreaterThan(0);
        if (field.type === 'array') expect(field.of).toBeDefined();
      }
    }
  });

  it('searches only by fields the list has, and every list has a key for imports', () => {
    for (const list of CONFIG_LISTS) {
      const names = editableFields(list).map((f) => f.name);
      for (const search of list.search) expect(names, list.name).toContain(search.field);
      for (const group of list.uniqueTogether ?? []) for (const f of group) expect(names).toContain(f);
      expect(naturalKey(list), list.name).toBeDefined();
    }
  });

  it('derives create, update and search schemas and five operations per list', () => {
    for (const list of CONFIG_LISTS) {
      expect(createSchema(list).safeParse({}).success, list.name).toBe(false);
      expect(updateSchema(list).safeParse({ id: '1', version: 0 }).success, list.name).toBe(true);
      expect(searchSchema(list).parse({})).toMatchObject({ page: 1, pageSize: 10 });
      const ops = configListOperations[list.name];
      expect(Object.values(ops).map((op) => op.path)).toEqual([
        `config/${list.name}`,
        `config/${list.name}/create`,
        `config/${list.name}/update`,
        `config/${list.name}/export`,
        `config/${list.name}/import`,
      ]);
    }
  });

  it('applies the defaults of spec §3: suppliers and countrys start empty', () => {
    const country = CONFIG_LISTS.find((l) => l.name === 'country')!;
    const supplier = CONFIG_LISTS.find((l) => l.name === 'supplier')!;
    expect(createSchema(country).parse({ code: 'cn', nameZh: '中国', nameEn: 'China' })).toMatchObject({
      code: 'CN',
      countrys: [],
      active: 1,
      sort: 0,
    });
    expect(createSchema(supplier).parse({ code: 'S1', nameZh: '供', nameEn: 'S' }).suppliers).toEqual([]);
  });

  it('refuses Chinese in English names and lower-cases nothing but codes', () => {
    const part = CONFIG_LISTS.find((l) => l.name === 'part')!;
    const result = createSchema(part).safeParse({ code: 'p-1', nameZh: '部件', nameEn: '部件' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['nameEn'], params: { reason: 'E_NO_CHINESE' } });
  });
});
