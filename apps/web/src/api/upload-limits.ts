import { uploadLimits } from '@qcdesk/contract/files';
import { SYSTEM_PARAMS } from '@qcdesk/contract/system-params';
import { useOperation } from './use-operation';

/** The system parameters' defaults, used until (or unless) the server has answered its limits. */
export const DEFAULT_UPLOAD_MB = {
  image: SYSTEM_PARAMS['upload.maxImageMB'].default,
  document: SYSTEM_PARAMS['upload.maxDocMB'].default,
} as const;

export interface UploadMb {
  image: number;
  document: number;
}

/**
 * The upload limits in force, in MB (DOMAIN.md §6.13 upload.maxImageMB / upload.maxDocMB as the
 * server applies them): one image limit for photos and image attachments, so every screen states
 * and checks the same number the server refuses above.
 */
export function useUploadLimits(): UploadMb {
  const answer = useOperation(uploadLimits, {}, { silent: true, staleTime: 10 * 60_000 }).data;
  return answer ? { image: answer.imageMb, document: answer.documentMb } : DEFAULT_UPLOAD_MB;
}
