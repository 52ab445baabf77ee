import {
  changePassword,
  codeLogin,
  forgotPassword,
  interimLogin,
  login,
  qrConfirm,
  qrStatus,
  qrToken,
  sendLoginCode,
  sendVerifyCode,
  verifyAccount,
} from '@qcdesk/contract/identity';
import { api } from '../../api/client';
import { useOperationMutation } from '../../api/use-operation';

// Sign-in failures are shown where they happen (the form), not also as a toast.
export const useLogin = () => useOperationMutation(login, { silent: true });
export const useCodeLogin = () => useOperationMutation(codeLogin, { silent: true });
export const useSendLoginCode = () => useOperationMutation(sendLoginCode);
export const useQrToken = () => useOperationMutation(qrToken);
export const useQrConfirm = () => useOperationMutation(qrConfirm);
export const useInterimLogin = () => useOperationMutation(interimLogin, { silent: true });
export const useForgotPassword = () => useOperationMutation(forgotPassword);
export const useChangePassword = () => useOperationMutation(changePassword, { silent: true });
export const useSendVerifyCode = () => useOperationMutation(sendVerifyCode);
export const useVerifyAccount = () => useOperationMutation(verifyAccount, { silent: true });

/** One look at a QR sign-in: quiet, and never a trip to Login (the waiting page is Login). */
export const pollQrStatus = (pollKey: string, signal: AbortSignal) =>
  api.call(qrStatus, { pollKey }, { silent: true, sessionLost: false, signal });
