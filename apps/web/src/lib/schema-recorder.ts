/**
 * The contract's `zod` as the web build sees it (contract-runtime-plugin.ts): schemas are described,
 * never validated. Each call answers a schema whose `_zod.def` has the shape zod 4 gives it for what
 * the forms read (types, optional/nullable/default/pipe wrappers, length, range and regex checks),
 * so `rulesFrom` (components/record/field-rules.ts) reads one shape in tests (real zod) and in the
 * build (this stand-in) without shipping zod. Validating with one fails loudly.
 */

interface Check {
  _zod: { def: Record<string, unknown> };
}

interface Def {
  type: string;
  checks?: Check[];
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  element?: unknown;
  shape?: Record<string, unknown>;
}

type Schema = ((...args: unknown[]) => Schema) & Record<string, unknown>;

const VALIDATORS = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'spa',
  'decode',
  'encode',
  'safeDecode',
  'safeEncode',
  'decodeAsync',
  'encodeAsync',
  'safeDecodeAsync',
  'safeEncodeAsync',
]);

const refuse = (name: string) => () => {
  throw new Error(
    `Contract schemas are not validated in the web build (${name}); see apps/web/contract-runtime-plugin.ts`,
  );
};

const withCheck = (def: Def, check: Record<string, unknown>) =>
  schema({ ...def, checks: [...(def.checks ?? []), { _zod: { def: check } }] });

const isNumber = (def: Def) => def.type === 'number' || def.type === 'bigint';
const lower = (def: Def, value: unknown, inclusive: boolean) =>
  isNumber(def)
    ? withCheck(def, { check: 'greater_than', value, inclusive })
    : withCheck(def, { check: 'min_length', minimum: value });
const upper = (def: Def, value: unknown, inclusive: boolean) =>
  isNumber(def)
    ? withCheck(def, { check: 'less_than', value, inclusive })
    : withCheck(def, { check: 'max_length', maximum: value });

const METHODS: Record<string, (self: Schema, def: Def, ...args: unknown[]) => Schema> = {
  min: (_self, def, value) => lower(def, value, true),
  gte: (_self, def, value) => lower(def, value, true),
  gt: (_self, def, value) => lower(def, value, false),
  nonnegative: (_self, def) => lower(def, 0, true),
  positive: (_self, def) => lower(def, 0, false),
  max: (_self, def, value) => upper(def, value, true),
  lte: (_self, def, value) => upper(def, value, true),
  lt: (_self, def, value) => upper(def, value, false),
  regex: (_self, def, pattern) => withCheck(def, { check: 'string_format', format: 'regex', pattern }),
  int: (_self, def) => withCheck(def, { check: 'number_format', format: 'safeint' }),
  refine: (_self, def) => withCheck(def, { check: 'custom' }),
  superRefine: (_self, def) => withCheck(def, { check: 'custom' }),
  optional: (self) => schema({ type: 'optional', innerType: self }),
  nullable: (self) => schema({ type: 'nullable', innerType: self }),
  nullish: (self) => schema({ type: 'optional', innerType: schema({ type: 'nullable', innerType: self }) }),
  default: (self) => schema({ type: 'default', innerType: self }),
  catch: (self) => schema({ type: 'catch', innerType: self }),
  transform: (self) => schema({ type: 'pipe', in: self, out: schema({ type: 'transform' }) }),
  pipe: (self, _def, out) => schema({ type: 'pipe', in: self, out }),
  extend: (_self, def, shape) => schema({ ...def, shape: { ...def.shape, ...(shape as object) } }),
};

function schema(def: Def): Schema {
  const self: Schema = new Proxy((() => self) as unknown as Schema, {
    get(_target, property) {
      if (property === 'then' || typeof property === 'symbol') return undefined;
      if (property === '_zod') return { def };
      if (property === 'def') return def;
      if (property === 'shape') return def.shape;
      if (VALIDATORS.has(property)) return refuse(property);
      const method = METHODS[property];
      // Anything the forms do not read keeps the schema as it is.
      return (...args: unknown[]) => (method ? method(self, def, ...args) : self);
    },
    apply: () => self,
    construct: () => self,
  });
  return self;
}

function build(name: string, args: unknown[]): Schema {
  if (name === 'object' || name === 'strictObject' || name === 'looseObject')
    return schema({ type: 'object', shape: (args[0] ?? {}) as Record<string, unknown> });
  if (name === 'array') return schema({ type: 'array', element: args[0], checks: [] });
  return schema({ type: name, checks: [] });
}

/** `z.string()`, `z.coerce.number()`, …: a namespace that builds a schema when called. */
function builder(name: string): Schema {
  return new Proxy((() => undefined) as unknown as Schema, {
    get: (_target, property) =>
      property === 'then' || typeof property === 'symbol' ? undefined : builder(property),
    apply: (_target, _this, args: unknown[]) => build(name, args),
  });
}

export const z = builder('z');
export default z;
