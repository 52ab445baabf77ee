import type { OperationDef } from '@qcdesk/contract';
import { z } from 'zod';
import type { OperationRegistry } from './registry';

// The OpenAPI 3.1 document of the operation catalogue (issue 32): what each operation takes and
// answers, its permission and its one-line summary, generated from the contract's zod schemas so it
// cannot drift. Served to `api.docs` holders (`system/openapi`, the API reference screen at `system/api`) and
// printed by `npm run cli -- openapi`.
//
// Every operation travels sealed in the envelope (PROTOCOL.md): the wire request is always
// `POST /api/<path>?cpt=…&format=json` with `{key, data}`. The document describes the calls as a
// client sees them once sealing is done by a client library: the operation's own method (the
// envelope's `method` field), the plaintext input as the body, the opened result as the answer.

type JsonSchema = Record<string, unknown>;

/** One schema as JSON Schema 2020-12 (the input as a client sends it, or the output as it arrives). */
export function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    // Transforms and refinements have no JSON Schema; their base type is what a client sends.
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

const RESULT = {
  type: 'object',
  required: ['success', 'code'],
  properties: {
    success: { type: 'boolean' },
    code: { type: 'integer', description: '0 on success; otherwise the HTTP status or the spec’s code' },
    error: { type: 'string', description: 'The message, in the request’s Accept-Language (zh or en)' },
    reason: {
      type: 'string',
      description: 'The symbolic key (DOMAIN.md §7.4), e.g. E_VERSION: branch on it',
    },
    modify: { type: 'boolean' },
    author: { type: 'boolean' },
    checkOut: { type: 'boolean' },
  },
};

const DESCRIPTION = `Every call travels in envelope v2 (PROTOCOL.md): \`POST /api/<path>?cpt=<client code>&format=json\`
with \`{"key": "<keyId>.<wrappedKey>", "data": "<sealed payload>"}\`, where the payload is
\`{"method", "ts", "nonce", "body"}\` and the answer \`{"data": "<sealed result>"}\`. The public key is at
\`GET /api/publickey\`. Each operation below is listed under its own method (the payload's \`method\`),
its request body is the payload's \`body\`, and its response the opened result. \`x-permission\` is
what the caller's roles must hold (\`public\`: no session; \`signed-in\`: any session).`;

export function openApiDocument(operations: readonly OperationDef[], version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const key = `/api/${op.path}`;
    const item = paths[key] ?? {};
    paths[key] = item;
    const area = op.path.split('/')[0] ?? op.path;
    item[op.method.toLowerCase()] = {
      operationId: `${op.method.toLowerCase()} ${op.path}`,
      summary: op.summary,
      tags: [area],
      'x-permission': op.permission,
      ...(op.alsoPermitted?.length ? { 'x-also-permitted': op.alsoPermitted } : {}),
      ...(op.permission === 'public' ? { security: [] } : {}),
      requestBody: {
        required: true,
        content: { 'application/json': { schema: schemaOf(op.input, 'input') } },
      },
      responses: {
        200: {
          description:
            'The opened result: success, or a refusal users read (validation, permission, version)',
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/Result' },
                  { type: 'object', properties: { data: schemaOf(op.output, 'output') } },
                ],
              },
            },
          },
        },
        400: { description: 'A sealed refusal of the envelope or the input (E_BAD_REQUEST, E_STALE…)' },
        401: { description: 'No session, or an expired one' },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'QCDesk', version, description: DESCRIPTION },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Result: RESULT },
    },
    paths,
  };
}

const built = new WeakMap<OperationRegistry, JsonSchema>();

/** The document of what `registry` binds, built once per registry (≈ 0.3 s) on first use. */
export function productOpenApi(registry: OperationRegistry, version: string): JsonSchema {
  let document = built.get(registry);
  if (!document) {
    document = openApiDocument(registry.operations(), version);
    built.set(registry, document);
  }
  return document;
}
