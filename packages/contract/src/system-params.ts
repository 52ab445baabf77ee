// The system parameters of DOMAIN.md §6.13 with their defaults. They live as rows of the `system`
// list (seeded from here); the server's getSystemParam falls back to these defaults.

export type SystemValueType = 'INT' | 'DEC' | 'STR' | 'BOOL';

export interface SystemParamDef {
  readonly valueType: SystemValueType;
  readonly default: number | string | boolean;
  /** A format the value must also match (E_FORMAT). */
  readonly pattern?: RegExp;
  /** Bounds of a number (E_RANGE); a stored value outside them is read as the nearest bound. */
  readonly min?: number;
  readonly max?: number;
  readonly zh: string;
  readonly en: string;
}

export const SYSTEM_PARAMS = {
  'checkout.ttlHours': {
    valueType: 'INT',
    default: 8,
    zh: '签出有效时长(小时)',
    en: 'Checkout lifetime (hours)',
  },
  'booking.cutoff': {
    valueType: 'STR',
    default: '17:00',
    pattern: /^([01]\d|2[0-3]):[0-5]\d$/,
    zh: '预约当日截止时间',
    en: 'Same-day booking cut-off time',
  },
  'delivery.dueSoonDays': { valueType: 'INT', default: 7, zh: '交期临近天数', en: 'Delivery due-soon days' },
  'score.assistRatio': { valueType: 'DEC', default: 0.5, zh: '协助分比例', en: 'Assist score ratio' },
  'tolerance.weightPct': { valueType: 'DEC', default: 5, zh: '重量允差%', en: 'Weight tolerance %' },
  'tolerance.cartonPct': { valueType: 'DEC', default: 3, zh: '箱规允差%', en: 'Carton size tolerance %' },
  'work.standardHours': {
    valueType: 'DEC',
    default: 8,
    zh: '标准工作时长(小时)',
    en: 'Standard working hours',
  },
  'export.maxRangeDays': {
    valueType: 'INT',
    default: 366,
    zh: '报表最大天数',
    en: 'Report form max. range (days)',
  },
  'materialTest.validityMonths': {
    valueType: 'INT',
    default: 12,
    zh: '材料测试有效期(月)',
    en: 'Material test validity (months)',
  },
  // Default and longest life of a share link to files the caller may read by its own rights
  // (a link made from a signed URL ends with that signature); at most a year.
  'share.expiryDays': {
    valueType: 'INT',
    default: 30,
    min: 1,
    max: 365,
    zh: '分享链接有效天数(1-365)',
    en: 'Share link expiry (days, 1–365)',
  },
  'upload.maxImageMB': { valueType: 'INT', default: 10, zh: '图片上限(MB)', en: 'Image size limit (MB)' },
  'upload.maxDocMB': { valueType: 'INT', default: 50, zh: '文档上限(MB)', en: 'Document size limit (MB)' },
} as const satisfies Record<string, SystemParamDef>;

export type SystemParamKey = keyof typeof SYSTEM_PARAMS;

type ValueOf<T extends SystemValueType> = T extends 'STR' ? string : T extends 'BOOL' ? boolean : number;

/** The type a parameter's getter answers: `SystemParamValue<'checkout.ttlHours'>` = number. */
export type SystemParamValue<K extends SystemParamKey> = ValueOf<(typeof SYSTEM_PARAMS)[K]['valueType']>;

export function isSystemParamKey(key: string): key is SystemParamKey {
  return Object.hasOwn(SYSTEM_PARAMS, key);
}

/** A stored value read as its type; undefined when it does not parse. */
export function parseSystemValue(valueType: string, raw: string | null | undefined) {
  const text = (raw ?? '').trim();
  switch (valueType) {
    case 'INT':
      return /^-?\d{1,15}$/.test(text) ? Number(text) : undefined;
    case 'DEC':
      return /^-?\d{1,15}(\.\d{1,6})?$/.test(text) ? Number(text) : undefined;
    case 'BOOL':
      if (/^(true|1)$/i.test(text)) return true;
      if (/^(false|0)$/i.test(text)) return false;
      return undefined;
    case 'STR':
      return raw ?? '';
    default:
      return undefined;
  }
}

/** A default as the `system` list stores it. */
export function formatSystemValue(value: number | string | boolean): string {
  return String(value);
}

/** The bounds of a numeric parameter: [min, max], each undefined when unbounded. */
export function systemParamRange(key: SystemParamKey): [number | undefined, number | undefined] {
  const def = SYSTEM_PARAMS[key] as SystemParamDef;
  return [def.min, def.max];
}
