import { AppError } from './errors';

// Deleting is `valid` 1 → 0 and undeleting 0 → 1, both by the record's update (DOMAIN.md §4); an
// update of a deleted record that does not undelete it is refused. Every area's update asks here.

/** What an update does to a record's `valid` flag. */
export interface ValidityChange {
  wasValid: boolean;
  staysValid: boolean;
  /** The update's change-log action. */
  action: 'update' | 'delete' | 'undelete';
}

/** The change from `current` to `wanted` (undefined: unchanged); E_STATUS for a deleted record left deleted. */
export function validityChange(current: number, wanted: number | undefined): ValidityChange {
  const wasValid = current === 1;
  const staysValid = (wanted ?? current) === 1;
  if (!wasValid && !staysValid) throw new AppError('E_STATUS');
  const action = wasValid === staysValid ? 'update' : wasValid ? 'delete' : 'undelete';
  return { wasValid, staysValid, action };
}
