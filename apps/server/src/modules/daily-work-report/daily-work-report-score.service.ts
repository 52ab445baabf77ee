import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { type EarnedScore, monthRange, monthScore, predictedScore } from '../../domain/daily-score';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { scopeOf } from '../../platform/scope';
import { getSystemParam } from '../../platform/system-params';
import { aqlOf, bandsOf, planOfLot } from '../inspection-report/inspection-report-sampling.service';
import { taskFacts, taskInspectors, userNames, userTasks, workDaysOf } from './daily-work-report.queries';
import { earnedBy, scoredReportsOf, usersOf } from './daily-work-report-sources.service';

// The scoring situation and the predicted scoring (DOMAIN.md §6.6): per inspector of a month, from
// the scored reports as they stand now (reopened ones left out), plus, predicted, the open tasks.

type ScoreInput = ParsedInputOf<typeof areas.dailyWorkReport.dailyScores>;

const OPEN = [INSPECTION_TASK_STATUS.assigned, INSPECTION_TASK_STATUS.inProgress];

/** An open task's score if it passes: its lot drawn at the client's AQL (normal severity). */
async function predictedOf(db: Db, userId: bigint, range: { from: string; to: string }, ratio: number) {
  const tasks = await userTasks(db, userId, { ...range, statuses: OPEN });
  const facts = new Map(
    (
      await taskFacts(
        db,
        tasks.map((t) => t.id),
      )
    ).map((f) => [f.taskId, f]),
  );
  const earned: EarnedScore[] = [];
  for (const t of tasks) {
    const f = facts.get(t.id);
    if (!f) continue;
    let sampleSize = 0;
    if (f.usesAql && f.level && f.lot && f.majorAql !== null && f.minorAql !== null) {
      const aql = { major: aqlOf(f.majorAql, 'majorAql'), minor: aqlOf(f.minorAql, 'minorAql') };
      sampleSize = planOfLot('normal', await bandsOf(db, f.level), f.lot, aql)?.drawn ?? 0;
    }
    earned.push(
      predictedScore(
        {
          date: t.taskDate,
          lead: t.lead,
          baseScore: f.baseScore,
          usesAql: f.usesAql,
          sampleSize,
          products: Math.max(1, f.products ?? 1),
        },
        ratio,
      ),
    );
  }
  return earned;
}

async function situation(db: Db, input: ScoreInput, user: Principal, predict: boolean) {
  const scope = await scopeOf(db, user);
  const own = scope.kind === 'inspector' || !user.permissions.has('dailyreport.check');
  if (own && input.inspectorId !== undefined && input.inspectorId !== user.userId)
    throw new AppError('E_SCOPE');
  const userId = own ? user.userId : input.inspectorId;
  const range = monthRange(input.year, input.month);
  const reports = await scoredReportsOf(db, { ...range, userId });
  const days = await workDaysOf(db, { ...range, userId });
  const ids =
    userId !== undefined
      ? [userId]
      : [
          ...new Set([
            ...usersOf(reports),
            ...days.map((d) => d.inspectorId),
            ...(predict ? await taskInspectors(db, { ...range, statuses: OPEN }) : []),
          ]),
        ];
  const ratio = predict ? await getSystemParam(db, 'score.assistRatio') : 0;
  const list = [];
  for (const person of await userNames(db, ids)) {
    const earned = earnedBy(reports, person.id);
    const open = predict ? await predictedOf(db, person.id, range, ratio) : [];
    const workDays = days.filter((d) => d.inspectorId === person.id).map((d) => d.workDate);
    list.push({
      inspector: person,
      year: input.year,
      month: input.month,
      ...monthScore([...earned, ...open], workDays),
      reports: earned.length,
      openTasks: open.length,
    });
  }
  return { list };
}

/** dailyworkreport/score: the scoring situation of a month. */
export const dailyScores = (db: Db, input: ScoreInput, user: Principal) => situation(db, input, user, false);

/** dailyworkreport/score/predict: the scoring situation plus the month's open tasks, assumed passed. */
export const predictScores = (db: Db, input: ScoreInput, user: Principal) => situation(db, input, user, true);
