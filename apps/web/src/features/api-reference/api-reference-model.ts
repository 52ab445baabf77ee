// The OpenAPI document of `system/openapi` read as what the reference screen lists: the operations
// by area (the first segment of their path, the document's tag), each with its method, summary,
// permission and schemas, filtered by what the reader types.

export interface ApiOperation {
  path: string;
  method: string;
  summary: string;
  permission: string;
  alsoPermitted: string[];
  input: unknown;
  output: unknown;
}

export interface ApiArea {
  area: string;
  operations: ApiOperation[];
}

type Doc = { paths?: Record<string, Record<string, Record<string, unknown>>> };

const schemaAt = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>(
    (at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
    value,
  );

/** Every operation of the document, in path order. */
export function operationsOf(document: unknown): ApiOperation[] {
  const paths = (document as Doc)?.paths ?? {};
  const out: ApiOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      out.push({
        path: path.replace(/^\/api\//, ''),
        method: method.toUpperCase(),
        summary: String(op.summary ?? ''),
        permission: String(op['x-permission'] ?? ''),
        alsoPermitted: Array.isArray(op['x-also-permitted']) ? (op['x-also-permitted'] as string[]) : [],
        input: schemaAt(op, 'requestBody', 'content', 'application/json', 'schema'),
        // The answer's `data`, without the result envelope every operation shares.
        output: schemaAt(
          op,
          'responses',
          '200',
          'content',
          'application/json',
          'schema',
          'allOf',
          '1',
          'properties',
          'data',
        ),
      });
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.method < b.method ? -1 : 1));
}

/** The operations whose path, summary or permission holds every word of `query`, by area. */
export function areasOf(operations: readonly ApiOperation[], query: string): ApiArea[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const byArea = new Map<string, ApiOperation[]>();
  for (const op of operations) {
    const text = `${op.path} ${op.summary} ${op.permission} ${op.alsoPermitted.join(' ')}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) continue;
    const area = op.path.split('/')[0] ?? op.path;
    byArea.set(area, [...(byArea.get(area) ?? []), op]);
  }
  return [...byArea].map(([area, ops]) => ({ area, operations: ops }));
}
