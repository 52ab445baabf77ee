import type { ConfigListDef, ConfigListName } from '@qcdesk/contract/config-lists';
import { ROLE_CODES } from '@qcdesk/contract/roles';
import {
  isSystemParamKey,
  parseSystemValue,
  SYSTEM_PARAMS,
  systemParamRange,
} from '@qcdesk/contract/system-params';
import { and, eq } from 'drizzle-orm';
import { labContacts, locations } from '../../db/schema/config';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

type Row = Record<string, unknown>;

export interface RuleContext {
  db: Db;
  list: ConfigListDef;
  /** The row before the write; null on create. */
  current: Row | null;
  /** The row as it will be (current merged with the changes). */
  values: Row;
  /** What will be written; a rule may add to it. */
  changes: Row;
}

/** Business rules of single lists (DOMAIN.md §2.10) beyond what the registry's types say. */
export type ListRule = (ctx: RuleContext) => Promise<void> | void;

const refuse = (reason: 'E_FORMAT' | 'E_RANGE' | 'E_REQUIRED' | 'E_REF_NOT_FOUND', field: string) =>
  new AppError(reason, { field }, { field });

/** ISO 2859-1 Table 1 bands: ascending, not overlapping, only the last one open-ended. */
function checkAqlBands({ values }: RuleContext) {
  const bands = (values.values ?? []) as { minLot: number; maxLot: number | null }[];
  let previousMax = 0;
  bands.forEach((band, i) => {
    const last = i === bands.length - 1;
    const open = band.maxLot === null || band.maxLot === undefined;
    if (band.minLot <= previousMax || (open && !last) || (!open && band.maxLot! < band.minLot)) {
      throw refuse('E_FORMAT', 'values');
    }
    previousMax = band.maxLot ?? Number.MAX_SAFE_INTEGER;
  });
}

/** The value must read as its type; the parameters of DOMAIN.md §6.13 keep their own type. */
function checkSystemValue({ values }: RuleContext) {
  const key = String(values.key);
  const valueType = String(values.valueType);
  if (isSystemParamKey(key) && SYSTEM_PARAMS[key].valueType !== valueType)
    throw refuse('E_FORMAT', 'valueType');
  const parsed = parseSystemValue(valueType, values.value as string | null);
  if (parsed === undefined) throw refuse('E_FORMAT', 'value');
  const [min, max] = isSystemParamKey(key) ? systemParamRange(key) : [undefined, undefined];
  if (
    typeof parsed === 'number' &&
    ((min !== undefined && parsed < min) || (max !== undefined && parsed > max))
  )
    throw refuse('E_RANGE', 'value');
  const pattern = isSystemParamKey(key) ? (SYSTEM_PARAMS[key] as { pattern?: RegExp }).pattern : undefined;
  if (pattern && !pattern.test(String(values.value ?? ''))) throw refuse('E_FORMAT', 'value');
}

/** A province holds cities, a city districts: a child sits below its parent. */
async function checkLocationLevel({ db, values }: RuleContext) {
  if (values.parentId === null || values.parentId === undefined) return;
  const [parent] = await db
    .select({ level: locations.level })
    .from(locations)
    .where(eq(locations.id, values.parentId as bigint));
  if (parent && parent.level >= (values.level as number)) throw refuse('E_RANGE', 'level');
}

/** The CS contact is one of the lab's contacts. */
async function checkLabContact({ db, values }: RuleContext) {
  const [contact] = await db
    .select({ id: labContacts.id })
    .from(labContacts)
    .where(
      and(eq(labContacts.id, values.labContactId as bigint), eq(labContacts.labId, values.labId as bigint)),
    );
  if (!contact) throw refuse('E_REF_NOT_FOUND', 'labContactId');
}

export const LIST_RULES: Partial<Record<ConfigListName, ListRule>> = {
  aql: checkAqlBands,
  system: checkSystemValue,
  location: checkLocationLevel,
  labcs: checkLabContact,
  // DOMAIN.md §2.10: highRisk defaults to rank ≥ 3.
  risklevel: ({ current, values, changes }) => {
    if (current === null && (values.highRisk === null || values.highRisk === undefined)) {
      changes.highRisk = (values.rank as number) >= 3;
    }
  },
  tensionlevel: ({ values }) => {
    if (values.torque !== null && values.torque !== undefined && !values.torqueUnit) {
      throw refuse('E_REQUIRED', 'torqueUnit');
    }
  },
  notifyproducttrack: ({ values }) => {
    const roles = (values.roles ?? []) as string[];
    if (roles.some((r) => !(ROLE_CODES as readonly string[]).includes(r))) throw refuse('E_FORMAT', 'roles');
  },
};
