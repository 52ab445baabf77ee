import type { createInspectionPlan } from '@qcdesk/contract/inspection-plan';
import { PLAN_APPLIES_MAX, PLAN_ASSISTANTS_MAX } from '@qcdesk/contract/inspection-plan';
import type { InputOf } from '@qcdesk/contract/operation';

/**
 * The planning board's selection, pure (no React): applications of one factory, the lead inspector
 * and day picked on the inspectors × days grid, up to 5 assistants, man-days in steps of 0.5 and the
 * plan's dates — and the `inspection/plan/create` input it makes (DOMAIN.md §4.2, contract
 * inspection-plan.ts: manDaysIn 0.5–30 in steps of 0.5, assistants ≤ 5, one factory).
 */
export interface PlanDraft {
  factoryId: string | null;
  applyIds: readonly string[];
  leadInspectorId: string | null;
  assistantIds: readonly string[];
  planDate: string | null;
  endDate: string | null;
  manDays: number | null;
  remark: string;
}

export const MAN_DAYS_MIN = 0.5;
export const MAN_DAYS_MAX = 30;
export const MAN_DAYS_STEP = 0.5;

export const emptyDraft = (): PlanDraft => ({
  factoryId: null,
  applyIds: [],
  leadInspectorId: null,
  assistantIds: [],
  planDate: null,
  endDate: null,
  manDays: 1,
  remark: '',
});

/**
 * Ticks or unticks an application. An application of another factory starts a new selection of
 * that factory (a plan takes applications of one factory only); `switched` says so, for a notice.
 */
export function toggleApplication(
  draft: PlanDraft,
  apply: { id: string; factoryId: string },
): { draft: PlanDraft; switched: boolean; full: boolean } {
  if (draft.factoryId !== null && draft.factoryId !== apply.factoryId) {
    return {
      draft: { ...draft, factoryId: apply.factoryId, applyIds: [apply.id] },
      switched: true,
      full: false,
    };
  }
  if (draft.applyIds.includes(apply.id)) {
    const applyIds = draft.applyIds.filter((id) => id !== apply.id);
    return {
      draft: { ...draft, applyIds, factoryId: applyIds.length ? apply.factoryId : null },
      switched: false,
      full: false,
    };
  }
  if (draft.applyIds.length >= PLAN_APPLIES_MAX) return { draft, switched: false, full: true };
  return {
    draft: { ...draft, factoryId: apply.factoryId, applyIds: [...draft.applyIds, apply.id] },
    switched: false,
    full: false,
  };
}

/** An inspector's day on the grid: that inspector leads, from that day (the end date never before it). */
export function chooseSlot(draft: PlanDraft, inspectorId: string, date: string): PlanDraft {
  return {
    ...draft,
    leadInspectorId: inspectorId,
    assistantIds: draft.assistantIds.filter((id) => id !== inspectorId),
    planDate: date,
    endDate: draft.endDate && draft.endDate >= date ? draft.endDate : null,
  };
}

/** Sets the lead (from the select): an assistant who becomes the lead leaves the assistants. */
export const setLead = (draft: PlanDraft, inspectorId: string | null): PlanDraft => ({
  ...draft,
  leadInspectorId: inspectorId,
  assistantIds: inspectorId ? draft.assistantIds.filter((id) => id !== inspectorId) : draft.assistantIds,
});

/** Sets the assistants: never the lead, no one twice, at most 5 (the first five kept). */
export function setAssistants(draft: PlanDraft, ids: readonly string[]): PlanDraft {
  const unique = [...new Set(ids)].filter((id) => id !== draft.leadInspectorId);
  return { ...draft, assistantIds: unique.slice(0, PLAN_ASSISTANTS_MAX) };
}

/** Ticks or unticks one assistant; a sixth is refused (`full`). */
export function toggleAssistant(draft: PlanDraft, id: string): { draft: PlanDraft; full: boolean } {
  if (id === draft.leadInspectorId) return { draft, full: false };
  if (draft.assistantIds.includes(id))
    return { draft: { ...draft, assistantIds: draft.assistantIds.filter((a) => a !== id) }, full: false };
  if (draft.assistantIds.length >= PLAN_ASSISTANTS_MAX) return { draft, full: true };
  return { draft: { ...draft, assistantIds: [...draft.assistantIds, id] }, full: false };
}

/** Whether a man-days value is one the server takes: 0.5–30 in steps of 0.5. */
export const validManDays = (value: number | null): value is number =>
  value !== null &&
  Number.isFinite(value) &&
  value >= MAN_DAYS_MIN &&
  value <= MAN_DAYS_MAX &&
  Number.isInteger(value * 2);

/** The − / + buttons: the next step of 0.5 from any value (1.2 + → 1.5, 1.2 − → 1), kept in 0.5–30. */
export function stepManDays(value: number | null, direction: 1 | -1): number {
  const base = value !== null && Number.isFinite(value) ? value : 1;
  const halves = direction > 0 ? Math.floor(base * 2 + 1e-9) + 1 : Math.ceil(base * 2 - 1e-9) - 1;
  return Math.min(MAN_DAYS_MAX, Math.max(MAN_DAYS_MIN, halves / 2));
}

export type DraftProblem = 'applications' | 'lead' | 'planDate' | 'endDate' | 'manDays';

/** What still keeps the draft from being sent, in the order the panel shows it. */
export function draftProblems(draft: PlanDraft, today: string): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (draft.applyIds.length === 0) problems.push('applications');
  if (!draft.leadInspectorId) problems.push('lead');
  if (!draft.planDate || draft.planDate < today) problems.push('planDate');
  if (draft.endDate && draft.planDate && draft.endDate < draft.planDate) problems.push('endDate');
  if (!validManDays(draft.manDays)) problems.push('manDays');
  return problems;
}

export type CreatePlanInput = InputOf<typeof createInspectionPlan>;

/** The create call's input, or null while the draft has a problem; `confirm` is added on the resend. */
export function createInput(draft: PlanDraft, today: string, dispatch = false): CreatePlanInput | null {
  if (draftProblems(draft, today).length > 0) return null;
  const remark = draft.remark.trim();
  return {
    applyIds: [...draft.applyIds],
    planDate: draft.planDate as string,
    ...(draft.endDate ? { endDate: draft.endDate } : {}),
    leadInspectorId: draft.leadInspectorId as string,
    assistantIds: [...draft.assistantIds],
    manDays: draft.manDays as number,
    ...(remark ? { remark } : {}),
    dispatch,
  };
}

/** The board's man-days text ("1.5") as a number; over 1.0 a day is overbooked (W_INSPECTOR_BUSY). */
export const dayLoad = (text: string | undefined): number => (text ? Number(text) : 0);
export const overbooked = (load: number): boolean => load > 1 + 1e-9;

/** The seven dates (YYYY-MM-DD) of the Monday-to-Sunday week holding `date`. */
export function weekOf(date: string): string[] {
  const day = new Date(`${date}T00:00:00Z`);
  const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
  return Array.from({ length: 7 }, (_, i) =>
    new Date(monday.getTime() + i * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The same weekday `weeks` weeks later (or earlier). */
export const shiftWeek = (date: string, weeks: number): string =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

/** A saved plan as a draft for the update dialog. */
export interface PlanLike {
  id: string;
  version: number;
  factory: { id: string };
  planDate: string;
  endDate: string;
  leadInspector: { id: string };
  assistants: readonly { id: string }[];
  manDays: string;
  remark: string | null;
  tasks: readonly { applyId: string | null }[];
}

export const draftFromPlan = (plan: PlanLike): PlanDraft => ({
  factoryId: plan.factory.id,
  applyIds: plan.tasks.flatMap((task) => (task.applyId ? [task.applyId] : [])),
  leadInspectorId: plan.leadInspector.id,
  assistantIds: plan.assistants.map((a) => a.id),
  planDate: plan.planDate,
  endDate: plan.endDate,
  manDays: Number(plan.manDays),
  remark: plan.remark ?? '',
});

/**
 * The `inspection/plan/update` input: only what changed (an unchanged past plan date is not sent
 * again), or null while the draft has a problem; `{ id, version }` alone when nothing changed.
 */
export function updateInput(plan: PlanLike, draft: PlanDraft, today: string) {
  const changedDate = draft.planDate !== plan.planDate;
  const problems = draftProblems({ ...draft, applyIds: ['-'] }, changedDate ? today : '');
  if (problems.length) return null;
  const before = draftFromPlan(plan);
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((x, i) => x === b[i]);
  return {
    id: plan.id,
    version: plan.version,
    ...(changedDate ? { planDate: draft.planDate as string } : {}),
    ...(draft.endDate && draft.endDate !== plan.endDate ? { endDate: draft.endDate } : {}),
    ...(draft.leadInspectorId !== before.leadInspectorId
      ? { leadInspectorId: draft.leadInspectorId as string }
      : {}),
    ...(!same(draft.assistantIds, before.assistantIds) ? { assistantIds: [...draft.assistantIds] } : {}),
    ...(draft.manDays !== before.manDays ? { manDays: draft.manDays as number } : {}),
    ...(draft.remark.trim() !== before.remark.trim() ? { remark: draft.remark.trim() || null } : {}),
  };
}

const weekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

/**
 * What the draft would add to an inspector's day, for the grid's preview: its man-days spread over
 * the weekdays of planDate..endDate (the server spreads over working days of the holiday calendar
 * and warns with W_INSPECTOR_BUSY; weekends stand in for the calendar here), for the lead and each
 * assistant; 0 elsewhere. A plan on a weekend day alone counts that day.
 */
export function draftLoad(draft: PlanDraft, inspectorId: string, date: string): number {
  if (!draft.planDate || !validManDays(draft.manDays)) return 0;
  if (inspectorId !== draft.leadInspectorId && !draft.assistantIds.includes(inspectorId)) return 0;
  const end = draft.endDate && draft.endDate > draft.planDate ? draft.endDate : draft.planDate;
  if (date < draft.planDate || date > end) return 0;
  const days: string[] = [];
  for (let d = draft.planDate; d <= end; d = shiftDay(d)) if (!weekend(d)) days.push(d);
  if (days.length === 0) return date === draft.planDate ? draft.manDays : 0;
  return days.includes(date) ? draft.manDays / days.length : 0;
}

const shiftDay = (date: string): string =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
