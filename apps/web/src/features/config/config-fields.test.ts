import type { ConfigRow } from '@qcdesk/contract/config';
import { CONFIG_LISTS, configList, editableFields, type FieldDef } from '@qcdesk/contract/config-lists';
import { enumCodes } from '@qcdesk/contract/enumerations';
import { describe, expect, it } from 'vitest';
import {
  checkValue,
  createValues,
  formFieldOf,
  formRows,
  jsonTemplate,
  problemText,
  rowOfPath,
  rowValues,
  toCreateInput,
  toUpdateInput,
  widgetOf,
} from './config-fields';

/** A value every field of the registry accepts, made from its definition alone. */
function sampleValue(field: FieldDef): unknown {
  switch (field.type) {
    case 'text':
      // The first of a few realistic texts that the field's pattern takes.
      return field.pattern
        ? ['II', 'inspection.advanceDays', 'https://example.com/track?no={no}', '+86 755 1234'].find((text) =>
            field.pattern!.test(text),
          )
        : 'Text';
    case 'textEn':
      return 'English';
    case 'email':
      return 'qa@example.com';
    case 'int':
    case 'decimal':
      return field.range ? field.range[0] + 1 : 1;
    case 'bool':
      return true;
    case 'enum':
      return enumCodes(field.enum!)[0];
    case 'ref':
      return '12';
    case 'date':
      return '2026-05-01';
    case 'array':
      return field.of === 'ref' ? ['3', '4'] : field.of === 'email' ? ['a@example.com'] : ['CN', 'HK'];
    case 'json':
      return JSON.stringify([Object.fromEntries((field.fields ?? []).map((f) => [f.name, sampleValue(f)]))]);
  }
}

const row = (overrides: Partial<ConfigRow> = {}): ConfigRow => ({
  id: '7',
  version: 3,
  active: 1,
  valid: 1,
  sort: 0,
  code: 'SF',
  nameZh: '顺丰速运',
  nameEn: 'SF Express',
  remark: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  refs: {},
  ...overrides,
});

const texts = {
  json: (label: string) => `JSON:${label}`,
  row: (label: string, n: number, message: string) => `${label}#${n}: ${message}`,
};

describe('the form of every list, generated from the registry', () => {
  it.each(CONFIG_LISTS.map((l) => [l.name, l] as const))(
    '%s: every field once, bilingual pairs side by side',
    (_name, list) => {
      const rows = formRows(list);
      const placed = rows.flat().map((f) => f.name);
      expect(placed).toEqual(editableFields(list).map((f) => f.name));
      for (const fields of rows) {
        expect(fields.length).toBeGreaterThanOrEqual(1);
        expect(fields.length).toBeLessThanOrEqual(2);
        if (fields.some((f) => ['json', 'textarea'].includes(widgetOf(f)))) expect(fields).toHaveLength(1);
      }
      const names = rows.find((fields) => fields.some((f) => f.name === 'nameZh'));
      expect(names?.map((f) => f.name)).toEqual(['nameZh', 'nameEn']);
    },
  );

  it.each(CONFIG_LISTS.map((l) => [l.name, l] as const))(
    '%s: a value made from each definition passes and is sent',
    (_name, list) => {
      const values = Object.fromEntries(editableFields(list).map((f) => [f.name, sampleValue(f)]));
      for (const field of editableFields(list))
        expect(checkValue(field, values[field.name]), field.name).toBeUndefined();
      const input = toCreateInput(list, values);
      for (const field of editableFields(list)) expect(input, field.name).toHaveProperty(field.name);
    },
  );

  it.each(CONFIG_LISTS.map((l) => [l.name, l] as const))(
    '%s: every required field refuses an empty value',
    (_name, list) => {
      for (const field of editableFields(list).filter((f) => f.required)) {
        expect(
          checkValue(field, field.type === 'json' ? '' : field.type === 'array' ? [] : '  ')?.reason,
          field.name,
        ).toBe('E_REQUIRED');
      }
    },
  );

  it('gives each field type its input', () => {
    const express = configList('express');
    const byName = (list: string, name: string) =>
      editableFields(configList(list as never)).find((f) => f.name === name)!;
    expect(widgetOf(byName('express', 'code'))).toBe('text');
    expect(widgetOf(byName('express', 'remark'))).toBe('textarea');
    expect(widgetOf(byName('inspectiontype', 'baseScore'))).toBe('int');
    expect(widgetOf(byName('testitem', 'price'))).toBe('decimal');
    expect(widgetOf(byName('attendance', 'paid'))).toBe('bool');
    expect(widgetOf(byName('defect', 'defaultClass'))).toBe('enum');
    expect(widgetOf(byName('defect', 'partId'))).toBe('ref');
    expect(widgetOf(byName('risk', 'testItemIds'))).toBe('refMulti');
    expect(widgetOf(byName('country', 'countrys'))).toBe('refMulti');
    expect(widgetOf(byName('notifyproducttrack', 'emails'))).toBe('tags');
    expect(widgetOf(byName('holiday', 'date'))).toBe('date');
    expect(widgetOf(byName('factory', 'contacts'))).toBe('json');
    expect(formRows(express).map((r) => r.map((f) => f.name))).toEqual([
      ['code'],
      ['nameZh', 'nameEn'],
      ['trackingUrl', 'sort'],
      ['remark'],
    ]);
    expect(
      formRows(configList('factory')).some((r) => r.map((f) => f.name).join() === 'addressZh,addressEn'),
    ).toBe(true);
  });
});

describe('checks before sending (the server schema rules)', () => {
  const field = (list: string, name: string) =>
    editableFields(configList(list as never)).find((f) => f.name === name)!;

  it('codes: upper-cased, then [A-Z0-9_-]', () => {
    expect(checkValue(field('express', 'code'), 'sf-2')).toBeUndefined();
    expect(checkValue(field('express', 'code'), 'S F')?.reason).toBe('E_FORMAT');
    expect(checkValue(field('express', 'code'), 'X'.repeat(33))).toMatchObject({
      reason: 'E_TOO_LONG',
      max: 32,
    });
    expect(checkValue(field('samplinglevel', 'code'), 'IV')?.reason).toBe('E_FORMAT');
  });

  it('English names refuse Chinese; e-mails and patterns their format', () => {
    expect(checkValue(field('express', 'nameEn'), 'SF 顺丰')?.reason).toBe('E_NO_CHINESE');
    expect(checkValue(field('lab', 'email'), 'not-mail')?.reason).toBe('E_FORMAT');
    expect(checkValue(field('express', 'trackingUrl'), 'https://x.com/no-placeholder')?.reason).toBe(
      'E_FORMAT',
    );
  });

  it('numbers: integers, ranges and decimal places', () => {
    expect(checkValue(field('risklevel', 'rank'), 6)?.reason).toBe('E_RANGE');
    expect(checkValue(field('risklevel', 'rank'), 2.5)?.reason).toBe('E_FORMAT');
    expect(checkValue(field('testitem', 'price'), 12.345)?.reason).toBe('E_FORMAT');
    expect(checkValue(field('testitem', 'price'), 12.34)).toBeUndefined();
    expect(checkValue(field('testitem', 'price'), null)?.reason).toBe('E_REQUIRED');
  });

  it('enums take only their codes; arrays check each item', () => {
    expect(checkValue(field('defect', 'defaultClass'), 99)?.reason).toBe('E_FORMAT');
    expect(checkValue(field('notifyproducttrack', 'emails'), ['a@b.co', 'nope'])?.reason).toBe('E_FORMAT');
    expect(checkValue(field('country', 'countrys'), ['de', 'fr'])).toBeUndefined();
    expect(checkValue(field('risk', 'testItemIds'), [])?.reason).toBe('E_REQUIRED');
  });

  it('json: must parse to a list; each row is checked against the child fields', () => {
    const contacts = field('factory', 'contacts');
    expect(checkValue(contacts, '{oops')?.reason).toBe('E_JSON');
    expect(checkValue(contacts, '{"name":"x"}')?.reason).toBe('E_JSON');
    expect(checkValue(contacts, '')?.reason).toBe('E_REQUIRED');
    const problem = checkValue(contacts, JSON.stringify([{ name: 'Li' }, { position: 'QA' }]));
    expect(problem).toMatchObject({ reason: 'E_REQUIRED', row: 2 });
    expect(problem?.child?.name).toBe('name');
    expect(problemText(problem!, 'en', texts)).toBe('Contacts#2: Name must not be empty');
    expect(problemText(problem!, 'zh', texts)).toBe('联系人#2: 姓名不能为空');
    expect(checkValue(contacts, JSON.stringify([{ name: 'Li', colour: 'red' }]))).toMatchObject({
      reason: 'E_FORMAT',
      row: 1,
    });
    expect(checkValue(field('aql', 'values'), JSON.stringify([{ minLot: 2, letter: 'I' }]))?.reason).toBe(
      'E_FORMAT',
    );
    expect(jsonTemplate(contacts)).toContain('"isDefault": false');
  });

  it('speaks the server messages in both languages', () => {
    const problem = checkValue(field('express', 'nameEn'), 'X'.repeat(201))!;
    expect(problemText(problem, 'en', texts)).toBe('English name exceeds 200 characters');
    expect(problemText(problem, 'zh', texts)).toBe('英文名称长度超过200');
    expect(problemText(checkValue(field('factory', 'contacts'), '[')!, 'en', texts)).toBe('JSON:Contacts');
  });
});

describe('form values to operation inputs', () => {
  const express = configList('express');

  it('a create leaves empty inputs out (server defaults), trims and upper-cases codes', () => {
    const values = {
      ...createValues(express),
      code: ' ups ',
      nameZh: ' UPS快递 ',
      nameEn: 'UPS',
      trackingUrl: '',
    };
    expect(toCreateInput(express, values)).toEqual({
      code: 'UPS',
      nameZh: 'UPS快递',
      nameEn: 'UPS',
      sort: 0,
    });
    expect(createValues(configList('supplier'))).toMatchObject({ suppliers: [], contacts: '' });
    expect(createValues(configList('tensionlevel'))).toMatchObject({ forceUnit: 'N', holdSeconds: 10 });
  });

  it('an update carries id and version and only what changed; emptied fields are cleared', () => {
    const current = row({ trackingUrl: 'https://sf.com/?n={no}', remark: 'old' });
    const values = { ...rowValues(express, current), nameEn: 'SF Express Ltd', remark: '' };
    expect(toUpdateInput(express, current, values)).toEqual({
      id: '7',
      version: 3,
      nameEn: 'SF Express Ltd',
      remark: null,
    });
    expect(toUpdateInput(express, current, rowValues(express, current))).toEqual({ id: '7', version: 3 });
  });

  it('json rows travel parsed; a cleared list is sent empty', () => {
    const supplier = configList('supplier');
    const contacts = [{ name: 'Wang', isDefault: true }];
    const current = row({ contacts, suppliers: ['S1'], address: null });
    const values = rowValues(supplier, current);
    expect(values.contacts).toBe(JSON.stringify(contacts, null, 2));
    expect(toUpdateInput(supplier, current, values)).toEqual({ id: '7', version: 3 });
    expect(toUpdateInput(supplier, current, { ...values, contacts: '', suppliers: ['s1', 's2'] })).toEqual({
      id: '7',
      version: 3,
      contacts: [],
      suppliers: ['S1', 'S2'],
    });
  });

  it('a refusal path names the form field and the child row', () => {
    const factory = configList('factory');
    expect(formFieldOf(factory, 'contacts.1.name')).toBe('contacts');
    expect(rowOfPath('contacts.1.name')).toBe(2);
    expect(formFieldOf(factory, 'code')).toBe('code');
    expect(formFieldOf(factory, 'body')).toBeUndefined();
    expect(rowOfPath('code')).toBeUndefined();
  });
});
