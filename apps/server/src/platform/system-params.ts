import {
  parseSystemValue,
  SYSTEM_PARAMS,
  type SystemParamKey,
  type SystemParamValue,
  systemParamRange,
} from '@qcdesk/contract/system-params';
import { and, eq } from 'drizzle-orm';
import { systemParams } from '../db/schema/config';
import type { Db } from './db';

/**
 * A system parameter of DOMAIN.md §6.13, typed: the `system` list's value when the row is valid,
 * active and readable as its type, else the default. `await getSystemParam(db, 'checkout.ttlHours')`.
 */
export async function getSystemParam<K extends SystemParamKey>(db: Db, key: K): Promise<SystemParamValue<K>> {
  const def = SYSTEM_PARAMS[key];
  const [row] = await db
    .select({ value: systemParams.value, valueType: systemParams.valueType })
    .from(systemParams)
    .where(and(eq(systemParams.key, key), eq(systemParams.valid, 1), eq(systemParams.active, 1)));
  const parsed =
    row && row.valueType === def.valueType ? parseSystemValue(row.valueType, row.value) : undefined;
  const value = parsed ?? def.default;
  if (typeof value !== 'number') return value as SystemParamValue<K>;
  // A value stored before its bounds existed is read as the nearest bound.
  const [min, max] = systemParamRange(key);
  return Math.min(max ?? value, Math.max(min ?? value, value)) as SystemParamValue<K>;
}
