/**
 * Form rules read from the operation's input schema (STYLE.md rule 3: a shape is declared once, in
 * the contract): required, max length, regex patterns and numeric ranges, so a form states its
 * labels and nothing the contract already says. Reads zod 4's `_zod.def`, which the web build's
 * stand-in (lib/schema-recorder.ts) describes the same way.
 */
import type { FormRule } from 'antd';
import { i18n } from '../../i18n/i18n';
import { numberRule } from '../number-field';
import type { WidgetsT } from '../widgets-i18n';

interface Def {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  innerType?: SchemaLike;
  in?: SchemaLike;
}

interface SchemaLike {
  _zod: { def: Def };
}

/** An operation's input: an object schema (refinements on the whole object keep its shape). */
export interface InputSchema {
  shape: Record<string, unknown>;
}

export interface FieldFacts {
  required: boolean;
  /** Text that must hold more than white space. */
  text: boolean;
  /** A list (a multiple select, tags): its max is a count, not a length. */
  list: boolean;
  maxLength?: number;
  pattern?: RegExp;
  min?: number;
  max?: number;
  /** A whole number (`.int()`). */
  integer?: boolean;
}

const OPTIONAL = new Set(['optional', 'default', 'nullable', 'catch']);

/** What the contract says about one field of an input. */
export function fieldFacts(input: InputSchema, field: string): FieldFacts {
  const found = input.shape[field] as SchemaLike | undefined;
  if (!found) throw new Error(`The input has no field "${field}"`);
  const facts: FieldFacts = { required: true, text: false, list: false };
  let piped = false;
  let node: SchemaLike | undefined = found;
  while (node) {
    const def: Def = node._zod.def;
    if (OPTIONAL.has(def.type)) {
      facts.required = false;
      node = def.innerType;
      continue;
    }
    if (def.type === 'pipe') {
      piped = true;
      node = def.in;
      continue;
    }
    if (def.type === 'array') facts.list = true;
    for (const check of def.checks ?? []) {
      const c = check._zod.def;
      if (c.check === 'min_length' && def.type === 'string' && Number(c.minimum) > 0) facts.text = true;
      if (c.check === 'max_length') facts.maxLength = Number(c.maximum);
      if (c.check === 'greater_than') facts.min = Number(c.value);
      if (c.check === 'less_than') facts.max = Number(c.value);
      if (c.check === 'number_format' && String(c.format).endsWith('int')) facts.integer = true;
      // Ids travel as decimal strings behind a pipe and are picked, never typed: no pattern to show.
      if (c.check === 'string_format' && c.format === 'regex' && !piped) facts.pattern = c.pattern as RegExp;
    }
    node = undefined;
  }
  return facts;
}

export interface RuleTexts {
  /** What the field is called on the form; the generic messages name it. */
  label: string;
  /** A message of the area's own where the generic "{label} must not be empty" does not fit. */
  required?: string;
  /** What the pattern means, e.g. "Use up to 32 letters, digits or -". */
  pattern?: string;
}

/** The antd rules of `field` as `input` declares it. */
export function rulesFrom(input: InputSchema, field: string, texts: RuleTexts): FormRule[] {
  const facts = fieldFacts(input, field);
  const rules: FormRule[] = [];
  if (facts.required) {
    const message = texts.required ?? i18n.t('common.required', { label: texts.label });
    // A rule of `required` alone checks only emptiness; any other key makes antd check the value is a
    // string, which a select's number or a picker's option is not.
    rules.push(facts.text ? { required: true, whitespace: true, message } : { required: true, message });
  }
  if (facts.maxLength !== undefined)
    rules.push(facts.list ? { type: 'array', max: facts.maxLength } : { max: facts.maxLength });
  if (facts.pattern) {
    rules.push({
      pattern: facts.pattern,
      message: texts.pattern ?? i18n.t('common.format', { label: texts.label }),
    });
  }
  if (facts.min !== undefined || facts.max !== undefined || facts.integer) {
    // The NumberField's rule: the typed value stays and the error says the range (issue 12).
    const t = i18n.t.bind(i18n) as unknown as WidgetsT;
    rules.push(numberRule({ min: facts.min, max: facts.max, precision: facts.integer ? 0 : undefined }, t));
  }
  return rules;
}
