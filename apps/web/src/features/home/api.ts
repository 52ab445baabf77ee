import { dashboardQueue } from '@qcdesk/contract/dashboard';
import { searchMail } from '@qcdesk/contract/mail';
import { systemInfo } from '@qcdesk/contract/system';
import { operationKey, useOperation } from '../../api/use-operation';

export const systemInfoKey = operationKey(systemInfo, {});

/** Product, version, server time and database, read through the envelope (public operation). */
export function useSystemInfo() {
  return useOperation(systemInfo, {});
}

/** Mails the outbox gave up on, for administrators' today list; quiet when the outbox is not there. */
export function useFailedMailCount(enabled: boolean) {
  return useOperation(searchMail, { status: 'failed', page: 1, pageSize: 1 }, { enabled, silent: true });
}

/** How often the open Home page reads the work queue again (and on each return to the tab). */
export const QUEUE_REFRESH_MS = 60_000;

/** The caller's work queue (issue 30): counts only, refreshed in the background without a reload. */
export function useDashboardQueue() {
  return useOperation(
    dashboardQueue,
    {},
    { silent: true, refetchInterval: QUEUE_REFRESH_MS, refetchOnWindowFocus: true, staleTime: 0 },
  );
}
