import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { notify } from '../../components/notify';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { isQueuedAnswer, useOfflineDraft } from '../../offline/use-offline';
import type { InspectionReportDetail } from './api';

/** How long the editor waits after the last change before it saves the section (DOMAIN.md §6.10). */
export const AUTOSAVE_MS = 1200;

/** `queued`: kept on the device, sent when the connection is back (src/offline, issue 31). */
export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'queued' | 'failed';

/** A write of the holder's: given the version it read, answers the report with its new one. */
export type ReportWrite = (version: number) => Promise<InspectionReportDetail>;

/** A save through the report's version chain. */
export type ReportSave = (write: ReportWrite) => Promise<InspectionReportDetail>;

/**
 * The saves of one report, one after another: each sends the version the previous one answered (an
 * optimistic lock per save), so two sections saved in a row never refuse each other. A stale version
 * (E_VERSION: someone else saved) tells the user, reloads the report and restarts the editor.
 */
export function useReportSaver(report: InspectionReportDetail, onStale: () => void) {
  const { t } = useTranslation();
  const version = useRef(report.version);
  if (report.version > version.current) version.current = report.version;
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const [generation, setGeneration] = useState(0);

  const save = useCallback(
    (write: ReportWrite): Promise<InspectionReportDetail> => {
      const run = chain.current
        .catch(() => undefined)
        .then(async () => {
          try {
            const saved = await write(version.current);
            version.current = saved.version;
            return saved;
          } catch (error) {
            if (error instanceof ApiError && error.reason === 'E_VERSION') {
              notify('warning', t('inspection-report.versionChanged'));
              onStale();
              setGeneration((g) => g + 1);
            } else if (error instanceof ApiError) notify('error', error.message);
            throw error;
          }
        });
      chain.current = run;
      return run;
    },
    [onStale, t],
  );
  return { save, generation };
}

/**
 * A section's draft while the caller holds the checkout: the server's value until the user changes
 * it, then saved `AUTOSAVE_MS` after the last change (or at once by `flush`). Unsaved edits hold the
 * page (the kit's leave guard). `ready` says whether the draft is complete enough to send. With
 * `persist` (the section's name) the draft is kept on the device while the report works offline and
 * shown again after an offline reload (issue 31, src/offline).
 */
export function useSectionDraft<T>(
  server: T,
  send: (value: T) => Promise<unknown>,
  ready: (value: T) => boolean = () => true,
  persist?: string,
) {
  const guard = useLeaveGuard();
  const offline = useOfflineDraft<T>(persist);
  const [draft, setDraftState] = useState(() => offline.initial ?? server);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const latest = useRef(draft);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const serverKey = JSON.stringify(server);
  const seenKey = useRef(serverKey);

  // The server's answer is the truth while nothing is being edited (after a save, a reload).
  useEffect(() => {
    if (dirty.current || seenKey.current === serverKey) return;
    seenKey.current = serverKey;
    latest.current = server;
    setDraftState(server);
  }, [serverKey]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const value = latest.current;
    if (!dirty.current || !ready(value)) return;
    setStatus('saving');
    try {
      const answer = await send(value);
      if (latest.current === value) {
        dirty.current = false;
        guard.settle();
      }
      setStatus(isQueuedAnswer(answer) ? 'queued' : 'saved');
    } catch {
      setStatus('failed');
    }
  }, [send, ready, guard]);

  const flushRef = useRef(flush);
  flushRef.current = flush;

  const setDraft = useCallback(
    (next: T) => {
      latest.current = next;
      dirty.current = true;
      setDraftState(next);
      offline.keep(next);
      setStatus('pending');
      guard.change();
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flushRef.current(), AUTOSAVE_MS);
    },
    [guard, offline.keep],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return { draft, setDraft, status, flush };
}
