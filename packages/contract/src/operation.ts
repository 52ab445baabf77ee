import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** 'public' needs no session; 'signed-in' any session; anything else is a permission string (DOMAIN.md §5.2). */
export type Access = 'public' | 'signed-in' | (string & {});

export interface OperationDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** Path after /api/, without a leading slash, e.g. `client/test/get`. */
  readonly path: string;
  readonly method: HttpMethod;
  readonly permission: Access;
  /**
   * Other permissions that open the operation too (config.edit opens the QC and lab lists that
   * config.edit.qc and config.edit.lab open, DOMAIN.md §5.2).
   */
  readonly alsoPermitted?: readonly string[];
  readonly input: I;
  readonly output: O;
  /** One line for the OpenAPI description and the CLI's help. */
  readonly summary: string;
}

export type InputOf<Op extends OperationDef> = z.input<Op['input']>;
export type ParsedInputOf<Op extends OperationDef> = z.output<Op['input']>;
export type OutputOf<Op extends OperationDef> = z.output<Op['output']>;

export function defineOperation<I extends z.ZodType, O extends z.ZodType>(
  def: OperationDef<I, O>,
): OperationDef<I, O> {
  if (def.path.startsWith('/') || def.path.endsWith('/')) {
    throw new Error(`operation path must not start or end with "/": ${def.path}`);
  }
  return Object.freeze({ ...def });
}

/** Whether a signed-in caller holding `permissions` may call `op`. */
export function permits(
  op: Pick<OperationDef, 'permission' | 'alsoPermitted'>,
  permissions: ReadonlySet<string>,
) {
  if (op.permission === 'public' || op.permission === 'signed-in') return true;
  return permissions.has(op.permission) || (op.alsoPermitted ?? []).some((p) => permissions.has(p));
}

export function operationKey(op: Pick<OperationDef, 'path' | 'method'>): string {
  return `${op.method} ${op.path}`;
}
