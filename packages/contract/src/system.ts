import { z } from 'zod';
import { defineOperation } from './operation';
import { empty } from './schemas';

export const systemInfo = defineOperation({
  path: 'system/info',
  method: 'GET',
  permission: 'public',
  summary: 'Product name, version and server time; proves the envelope path end to end.',
  input: empty,
  output: z.object({
    product: z.string(),
    version: z.string(),
    serverTime: z.string(),
    database: z.enum(['pglite', 'postgres']),
  }),
});

export const systemOpenApi = defineOperation({
  path: 'system/openapi',
  method: 'GET',
  permission: 'api.docs',
  summary: 'The OpenAPI 3.1 document of every operation: input and output schemas, permission, summary.',
  input: empty,
  output: z.record(z.string(), z.unknown()),
});
