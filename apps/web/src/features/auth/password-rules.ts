import { PASSWORD_PATTERN } from '@qcdesk/contract/constants';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** Spec §5 password rule: 6–21 characters, not all digits, not all letters, specials only !@#$%^&*?. */
export function newPasswordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('changePassword.passwordRequired') },
    { pattern: PASSWORD_PATTERN, message: t('changePassword.rule') },
  ];
}

/** Spec §5: repeatPassword must equal the password ("Password must be equal repeatPassword"). */
export function repeatPasswordRules(t: TFunction, field = 'password'): FormRule[] {
  return [
    { required: true, message: t('changePassword.repeatRequired') },
    ({ getFieldValue }) => ({
      validator: (_rule, value) =>
        !value || value === getFieldValue(field)
          ? Promise.resolve()
          : Promise.reject(new Error(t('changePassword.mismatch'))),
    }),
  ];
}
