/**
 * What `fieldFacts` must read from the contract's inputs, whether the schemas were built by zod
 * (tests, dev) or by the web build's stand-in (lib/schema-recorder.ts): field-rules.test.ts checks
 * both against this one table.
 */
import { createClient } from '@qcdesk/contract/client';
import { createUser } from '@qcdesk/contract/identity';
import { createMaterial } from '@qcdesk/contract/material';
import { createMaterialTest } from '@qcdesk/contract/material-test';
import { createOriginalSample } from '@qcdesk/contract/original-sample';
import { createCommonStandard } from '@qcdesk/contract/standard';
import type { FieldFacts, InputSchema } from './field-rules';

type Case = [name: string, input: () => InputSchema, field: string, facts: Partial<FieldFacts>];

const optional = { required: false, text: false, list: false };

export const FIELD_CASES: Case[] = [
  ['material upc', () => createMaterial.input, 'upc', { required: true, text: true, maxLength: 32 }],
  ['material name', () => createMaterial.input, 'name', { required: true, text: true, maxLength: 100 }],
  ['material technical name', () => createMaterial.input, 'technicalName', { ...optional, maxLength: 200 }],
  ['material type (an id)', () => createMaterial.input, 'materialTypeId', { required: true, text: false }],
  ['material supplier', () => createMaterial.input, 'supplierId', { ...optional }],
  ['client code', () => createClient.input, 'code', { ...optional, maxLength: 32 }],
  ['client advance days', () => createClient.input, 'advanceDays', { required: false, min: 0, max: 30 }],
  [
    'client destinations',
    () => createClient.input,
    'destinationCountries',
    { required: false, list: true, maxLength: 300 },
  ],
  ['client safety text', () => createClient.input, 'safetyRequirement', { ...optional, maxLength: 4000 }],
  [
    'test start date',
    () => createMaterialTest.input,
    'startDate',
    { required: true, pattern: /^\d{4}-\d{2}-\d{2}$/ },
  ],
  ['test remark', () => createMaterialTest.input, 'remark', { ...optional, maxLength: 1000 }],
  [
    'test items',
    () => createMaterialTest.input,
    'testItemIds',
    { required: false, list: true, maxLength: 100 },
  ],
  [
    'sample item no',
    () => createOriginalSample.input,
    'itemNo',
    { required: true, text: true, maxLength: 40 },
  ],
  ['standard description', () => createCommonStandard.input, 'description', { ...optional, maxLength: 4000 }],
  ['user phone', () => createUser.input, 'phone', { ...optional, maxLength: 30 }],
  ['user position', () => createUser.input, 'position', { required: true, min: 1, max: 6 }],
];
