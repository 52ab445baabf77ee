import fc from 'fast-check';

// Bodies for the contract fuzz test (test/contract-fuzz.test.ts): fast-check arbitraries built from
// an operation's input schema (zod's JSON Schema of it, as the OpenAPI document gives it), and a
// fixed list of hostile values that mutate those bodies or replace them whole.

/** The subset of JSON Schema 2020-12 that zod's `toJSONSchema` writes for the contract's inputs. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

const LONG = 'x'.repeat(100_000);

/** An object whose own key is `key` (a literal `{ __proto__: … }` would set the prototype instead). */
const ownKey = (key: string, value: unknown): Record<string, unknown> =>
  JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}}`) as Record<string, unknown>;

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Strings a hostile or careless client sends: injection, formulas, unicode, sizes, unstorable text. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  LONG,
  '𠮷野家 😀👨‍👩‍👧‍👦 \u202eevil\u202c \u200b',
  'Ω≈ç√∫˜µ≤≥÷ ﾟ･✿ヾ╲(｡◕‿◕｡)╱✿･ﾟ',
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '1 UNION SELECT password_hash FROM users',
  '%_\\',
  '=HYPERLINK("http://evil.example","x")',
  "=cmd|' /C calc'!A0",
  '+1+1',
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\r=1+1',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  `${'$'}{7*7}{{7*7}}`,
  '9223372036854775808',
  '-1',
  '0',
  '1e400',
  'NaN',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  '\u0000',
  '\ud800',
];

/** Numbers at and beyond every bound a schema might have. */
export const NASTY_NUMBERS: readonly number[] = [
  0,
  -1,
  1.5,
  -0.000001,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e308,
  -1e308,
  5e-324,
];

/** Any value, of any type, that does not belong where it is put. */
export const NASTY_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  ...NASTY_STRINGS,
  ...NASTY_NUMBERS,
  [],
  [null],
  {},
  { $gt: '' },
  ownKey('__proto__', { admin: true }),
  ownKey('constructor', { prototype: { admin: true } }),
  Array.from({ length: 5_000 }, (_, i) => i),
  nested(20),
];

/** Whole bodies that are not what any operation takes. */
export const NASTY_BODIES: readonly unknown[] = [
  null,
  [],
  'body',
  0,
  true,
  ownKey('__proto__', { isAdmin: true, permissions: ['*'] }),
  ownKey('constructor', { prototype: { polluted: 1 } }),
  { page: -1, pageSize: -1 },
  { page: 0, pageSize: 1_000_000_000 },
  { page: Number.MAX_SAFE_INTEGER, pageSize: 101 },
  { id: '0' },
  { id: '-1' },
  { id: '99999999999999999999' },
  { id: 1e21 },
  nested(31),
  nested(33),
  Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i])),
];

const ID_PATTERN = '^[1-9][0-9]{0,18}$';

/** A string arbitrary honouring the schema's bounds and pattern. */
function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  // An id: often one the seeded database holds (users, roles, master data), so handlers run further.
  if (schema.pattern === ID_PATTERN)
    return fc.oneof(fc.constantFrom('1', '2', '3', '5', '10'), fc.stringMatching(new RegExp(ID_PATTERN)));
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length <= (schema.maxLength ?? 1e6));
    } catch {
      // A pattern JavaScript cannot read: any string.
    }
  }
  const max = Math.min(schema.maxLength ?? 40, 200);
  return fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.max(max, schema.minLength ?? 0),
    unit: 'grapheme',
  });
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e6);
  const lo = Math.max(min, -Number.MAX_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  // The bounds themselves, one past them, and values between.
  const edges = [lo, hi, lo - 1, hi + 1].filter(Number.isFinite);
  const inside = integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ arbitrary: inside, weight: 3 }, { arbitrary: fc.constantFrom(...edges), weight: 1 });
}

/** Values the schema accepts, or nearly: what a well-meaning client sends. */
export function arbitraryOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => arbitraryOf(s, depth + 1)));
  if (schema.allOf?.length) return arbitraryOf(schema.allOf[0]!, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = schema.items ? arbitraryOf(schema.items, depth + 1) : fc.anything({ maxDepth: 2 });
      const min = schema.minItems ?? 0;
      return fc.array(item, { minLength: min, maxLength: Math.max(min, Math.min(schema.maxItems ?? 5, 8)) });
    }
    case 'object':
      return objectOf(schema, depth);
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (!names.length) {
    if (typeof schema.additionalProperties === 'object') {
      return fc.dictionary(
        fc.string({ maxLength: 12 }),
        arbitraryOf(schema.additionalProperties, depth + 1),
        {
          maxKeys: 4,
        },
      );
    }
    return fc.constant({});
  }
  const record = Object.fromEntries(names.map((name) => [name, arbitraryOf(properties[name]!, depth + 1)]));
  return fc.record(record, { requiredKeys: schema.required ?? [] });
}

export type Mutation =
  | { kind: 'replace'; value: unknown }
  | { kind: 'remove' }
  | { kind: 'extra'; key: string; value: unknown };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  {
    arbitrary: fc.constantFrom(...NASTY_VALUES).map((value) => ({ kind: 'replace' as const, value })),
    weight: 6,
  },
  { arbitrary: fc.constant({ kind: 'remove' as const }), weight: 1 },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'id', 'version'),
        fc.constantFrom(...NASTY_VALUES),
      )
      .map(([key, value]) => ({ kind: 'extra' as const, key, value })),
    weight: 2,
  },
);

/** Every path to a value inside `body` (objects and arrays), the body itself first. */
function pathsOf(body: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(prefix);
  if (Array.isArray(body)) {
    for (const [i, v] of body.slice(0, 3).entries()) pathsOf(v, [...prefix, i], out);
  } else if (body !== null && typeof body === 'object')
    for (const [k, v] of Object.entries(body)) pathsOf(v, [...prefix, k], out);
  return out;
}

/** `body` with one mutation applied at `path` (a deep copy; keys such as `__proto__` stay own keys). */
export function mutate(body: unknown, path: (string | number)[], mutation: Mutation): unknown {
  const copy = JSON.parse(JSON.stringify(body ?? null)) as unknown;
  if (path.length === 0) {
    if (mutation.kind === 'replace') return mutation.value;
    if (mutation.kind === 'remove') return {};
    const target = copy !== null && typeof copy === 'object' && !Array.isArray(copy) ? copy : {};
    Object.defineProperty(target, mutation.key, {
      value: mutation.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return target;
  }
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (mutation.kind === 'replace') parent[last] = mutation.value;
  else if (mutation.kind === 'remove') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else {
    const holder = parent[last];
    if (holder !== null && typeof holder === 'object' && !Array.isArray(holder)) {
      Object.defineProperty(holder, mutation.key, {
        value: mutation.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else parent[last] = ownKey(mutation.key, mutation.value);
  }
  return copy;
}

/**
 * An operation's fuzz bodies: what its schema takes (a quarter), the same with one value replaced
 * by a hostile one, removed or joined by an extra key (most), and whole hostile bodies.
 */
export function bodiesOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const valid = arbitraryOf(schema);
  const mutated = valid.chain((body) =>
    fc
      .tuple(fc.constantFrom(...pathsOf(body)), mutationArb)
      .map(([path, mutation]) => mutate(body, path, mutation)),
  );
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: mutated, weight: 8 },
    { arbitrary: fc.constantFrom(...NASTY_BODIES), weight: 1 },
  );
}
