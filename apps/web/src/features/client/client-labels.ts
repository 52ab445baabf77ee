import { AQL_VALUES } from '@qcdesk/contract/client';
import { formatDecimal } from '../../lib/format';

/** AQL as printed on reports (DOMAIN.md §2.2): 0.065 … 6.5, 0 meaning zero tolerance (Ac 0 / Re 1). */
export function aqlText(value: number): string {
  if (value === 0) return '0';
  if (value < 0.1) return formatDecimal(value, 3);
  return formatDecimal(value, value < 1 ? 2 : 1);
}

export const aqlOptions = AQL_VALUES.map((value) => ({ value, label: aqlText(value) }));
