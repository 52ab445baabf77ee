import { Form } from 'antd';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/api-error';
import { storedPhoto } from '../../components/photo-field';
import { refName } from '../../components/ref-labels';
import { type LeaveGuard, useLeaveGuard } from '../../components/use-leave-guard';
import { currentLanguage } from '../../i18n/i18n';
import { isQueuedAnswer, useCapturing, useOfflineDraft } from '../../offline/use-offline';
import {
  type SuperviseReportDetail,
  useInvalidateSuperviseReport,
  useSubmitSuperviseReport,
  useUpdateSuperviseReport,
} from './api';
import {
  containerNoTyped,
  type SubmitProblem,
  type SuperviseValues,
  submitProblems,
  updateOf,
  valuesOf,
} from './supervise-logic';

/** The form's photo of a checkpoint's stored file id, named by its place ("#2"). */
export const checkpointPhoto = (fileId: string, n: number) =>
  storedPhoto({ fileId, name: `#${n}`, flags: [] });

export interface SuperviseEditor {
  form: ReturnType<typeof Form.useForm<SuperviseValues>>[0];
  initial: SuperviseValues;
  guard: LeaveGuard;
  problems: SubmitProblem[];
  /** A refusal of the last save or submit, in the UI language. */
  refusal: string | null;
  saving: boolean;
  save: () => Promise<SuperviseReportDetail>;
  /**
   * After an edit: the listed problems follow the form (those fixed leave the list); while the report
   * works offline the form is kept on the device and queued (src/offline, issue 31).
   */
  changed: () => void;
  /** The form waits on the device (its changes not sent yet). */
  queued: boolean;
  submit: () => Promise<SuperviseReportDetail>;
}

/** Thrown by `submit` when the form still misses something: the editor lists it, no call is made. */
export class Incomplete extends Error {}

/**
 * The loading-report editor's state, shared by the editor (its fields) and the action bar (Submit
 * saves the form first): one form, its completeness problems and the last refusal.
 */
export function useSuperviseEditor(report: SuperviseReportDetail): SuperviseEditor {
  const [form] = Form.useForm<SuperviseValues>();
  // After an offline reload the form as it was left (its queued update not sent yet).
  const offline = useOfflineDraft<SuperviseValues>('form');
  const capturing = useCapturing();
  const [initial] = useState(() => offline.initial ?? valuesOf(report, checkpointPhoto));
  const [queued, setQueued] = useState(() => offline.initial !== undefined);
  const guard = useLeaveGuard();
  const [problems, setProblems] = useState<SubmitProblem[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const update = useUpdateSuperviseReport();
  const submitOp = useSubmitSuperviseReport();
  const onStale = useInvalidateSuperviseReport();
  const language = currentLanguage();

  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.reason === 'E_VERSION') onStale();
    else if (!(error instanceof Incomplete)) setRefusal(errorMessage(error));
    throw error;
  };
  const values = (): SuperviseValues => ({ ...initial, ...form.getFieldsValue(true) });
  const save = async () => {
    setRefusal(null);
    await form.validateFields(['containerNo']);
    const saved = await update
      .mutateAsync({ id: report.id, version: report.version, ...updateOf(values()) })
      .catch(refused);
    guard.settle();
    setQueued(isQueuedAnswer(saved));
    return saved;
  };
  const problemsNow = () => submitProblems(values(), report, (c) => refName(c.checkpoint, language));
  const changed = () => {
    guard.change();
    if (problems.length) setProblems(problemsNow());
    const now = values();
    offline.keep(now);
    // Offline each change queues the whole form (the later replacing the earlier): it waits on the
    // device, shown in the offline bar, and goes when the connection is back.
    if (capturing && containerNoTyped(now.containerNo))
      void update
        .mutateAsync({ id: report.id, version: report.version, ...updateOf(now) })
        .then((answer) => {
          if (!isQueuedAnswer(answer)) return;
          guard.settle();
          setQueued(true);
        })
        .catch(() => undefined);
  };
  const submit = async () => {
    const found = problemsNow();
    setProblems(found);
    if (found.length) {
      document.getElementById('supervise-report-problems')?.scrollIntoView({ block: 'center' });
      throw new Incomplete('incomplete');
    }
    const saved = await save();
    return submitOp.mutateAsync({ id: report.id, version: saved.version }).catch(refused);
  };
  return {
    form,
    initial,
    guard,
    problems,
    refusal,
    saving: update.isPending || submitOp.isPending,
    save,
    changed,
    queued,
    submit,
  };
}
