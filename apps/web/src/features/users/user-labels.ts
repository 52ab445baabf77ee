import type { Language } from '@qcdesk/contract/messages';
import { POSITIONS } from '@qcdesk/contract/roles';

export function positionLabel(code: number, language: Language): string {
  return POSITIONS.find((p) => p.code === code)?.[language] ?? String(code);
}

export const positionOptions = (language: Language) =>
  POSITIONS.map((p) => ({ value: p.code, label: p[language] }));
