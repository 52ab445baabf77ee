import type { Language } from '@qcdesk/contract/messages';
import { isModuleCode, MODULE_CODES, MODULE_LABELS } from '@qcdesk/contract/roles';

/** Modules a user or group can be given; Home every session holds anyway (DOMAIN.md §2.1). */
export const moduleOptions = (language: Language) =>
  MODULE_CODES.filter((m) => m !== 'HOME').map((m) => ({ value: m, label: MODULE_LABELS[m][language] }));

export function moduleLabel(code: string, language: Language): string {
  return isModuleCode(code) ? MODULE_LABELS[code][language] : code;
}
