/**
 * What a set-password link's page hands Login in the navigation state (not the URL, so a reload or
 * a shared address does not repeat it): the password is set, and whose account it was.
 */
export interface PasswordSetState {
  passwordSet: true;
  username?: string | undefined;
}

export function isPasswordSetState(state: unknown): state is PasswordSetState {
  return typeof state === 'object' && state !== null && (state as PasswordSetState).passwordSet === true;
}
