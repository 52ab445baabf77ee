import { Form } from 'antd';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/api-error';
import { storedPhoto } from '../../components/photo-field';
import { refName } from '../../components/ref-labels';
import { type LeaveGuard, useLeaveGuard } from '../../components/use-leave-guard';
import { currentLanguage } from '../../i18n/i18n';
import {
  type SuperviseReportDetail,
  useInvalidateSuperviseReport,
  useSubmitSuperviseReport,
  useUpdateSuperviseReport,
} from './api';
import {
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
  /** After an edit: the listed problems follow the form (those fixed leave the list). */
  recheck: () => void;
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
  const [initial] = useState(() => valuesOf(report, checkpointPhoto));
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
    return saved;
  };
  const problemsNow = () => submitProblems(values(), report, (c) => refName(c.checkpoint, language));
  const recheck = () => {
    if (problems.length) setProblems(problemsNow());
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
    recheck,
    submit,
  };
}
