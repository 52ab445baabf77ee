import type { TFunction } from 'i18next';

// The texts of the codes the server answers (verdict reasons, level-2 triggers, photo flags,
// severities, …), each key written out so the i18n check sees its use (app/i18n-keys.test.ts).

export const reasonTexts = (t: TFunction): Record<string, string> => ({
  CRITICAL: t('inspection-report.reasons.CRITICAL'),
  MAJOR_RE: t('inspection-report.reasons.MAJOR_RE'),
  MINOR_RE: t('inspection-report.reasons.MINOR_RE'),
  SAFETY_TEST_FAILED: t('inspection-report.reasons.SAFETY_TEST_FAILED'),
  PULL_TEST_FAILED: t('inspection-report.reasons.PULL_TEST_FAILED'),
  PRODUCED_LOW: t('inspection-report.reasons.PRODUCED_LOW'),
  PACKED_LOW: t('inspection-report.reasons.PACKED_LOW'),
  WEIGHT_TOLERANCE: t('inspection-report.reasons.WEIGHT_TOLERANCE'),
  CARTON_TOLERANCE: t('inspection-report.reasons.CARTON_TOLERANCE'),
  TEST_FAILED: t('inspection-report.reasons.TEST_FAILED'),
  SECTION_MARKED: t('inspection-report.reasons.SECTION_MARKED'),
});

export const triggerTexts = (t: TFunction): Record<string, string> => ({
  RESULT: t('inspection-report.triggers.RESULT'),
  CRITICAL: t('inspection-report.triggers.CRITICAL'),
  BETTER_THAN_COMPUTED: t('inspection-report.triggers.BETTER_THAN_COMPUTED'),
  BETTER_THAN_PRE_RESULT: t('inspection-report.triggers.BETTER_THAN_PRE_RESULT'),
  SAMPLE_OVERRIDE: t('inspection-report.triggers.SAMPLE_OVERRIDE'),
});

export const flagTexts = (t: TFunction): Record<string, string> => ({
  NO_EXIF: t('inspection-report.flags.NO_EXIF'),
  DATE_MISMATCH: t('inspection-report.flags.DATE_MISMATCH'),
  NEAR_DUPLICATE: t('inspection-report.flags.NEAR_DUPLICATE'),
  DUPLICATE_ELSEWHERE: t('inspection-report.flags.DUPLICATE_ELSEWHERE'),
  FAR_FROM_FACTORY: t('inspection-report.flags.FAR_FROM_FACTORY'),
});

export const severityTexts = (t: TFunction): Record<string, string> => ({
  normal: t('inspection-report.severities.normal'),
  tightened: t('inspection-report.severities.tightened'),
  reduced: t('inspection-report.severities.reduced'),
});

export const classTexts = (t: TFunction): Record<string, string> => ({
  critical: t('inspection-report.classes.critical'),
  major: t('inspection-report.classes.major'),
  minor: t('inspection-report.classes.minor'),
});

/** A part's save state; `idle` says nothing. */
export const saveTexts = (t: TFunction): Record<string, string> => ({
  idle: '',
  pending: t('inspection-report.save.pending'),
  saving: t('inspection-report.save.saving'),
  saved: t('inspection-report.save.saved'),
  failed: t('inspection-report.save.failed'),
});

export const sizeTexts = (t: TFunction) => ({
  specL: t('inspection-report.size.specL'),
  specW: t('inspection-report.size.specW'),
  specH: t('inspection-report.size.specH'),
  actL: t('inspection-report.size.actL'),
  actW: t('inspection-report.size.actW'),
  actH: t('inspection-report.size.actH'),
});

export const packingTexts = (t: TFunction) => ({
  cartonQty: t('inspection-report.cartonQty'),
  pcsPerCarton: t('inspection-report.pcsPerCarton'),
  innerPack: t('inspection-report.innerPack'),
  openedCartons: t('inspection-report.openedCartons'),
  grossSpec: t('inspection-report.grossSpec'),
  grossActual: t('inspection-report.grossActual'),
  netSpec: t('inspection-report.netSpec'),
  netActual: t('inspection-report.netActual'),
});

/** The reason dialogs' titles, by action. */
export const reasonTitles = (
  t: TFunction,
  reportNo: string,
): Record<'reject' | 'reopen' | 'cancel', string> => ({
  reject: t('inspection-report.rejectTitle', { reportNo }),
  reopen: t('inspection-report.reopenTitle', { reportNo }),
  cancel: t('inspection-report.cancelTitle', { reportNo }),
});

/** The reason dialogs' buttons, by action. */
export const reasonActions = (t: TFunction): Record<'reject' | 'reopen' | 'cancel', string> => ({
  reject: t('inspection-report.reject'),
  reopen: t('inspection-report.reopen'),
  cancel: t('inspection-report.cancel'),
});
