import {
  CHECKPOINT_RESULT,
  checkoutSuperviseReport,
  getSuperviseReport,
  type SuperviseReportDetail,
  updateSuperviseReport,
} from '@qcdesk/contract/supervise-report';
import { enumText, refName } from '../../components/ref-labels';
import type { CompareContext, OfflineKind, PartComparison } from '../../offline/kind';
import type { OutboxEntry, ServerReport } from '../../offline/outbox';

// The loading report offline (issue 31, src/offline): the holder's saves queue while there is no
// connection, each change of the form replacing the last (one update of the whole form), and on
// reconnect they go like the inspection report's. A conflict lists the parts that differ from the
// server's report: the container, each product line, each checkpoint.

type Row = Record<string, unknown>;
const rows = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
const shown = (value: unknown) =>
  value === undefined || value === null || value === '' ? '–' : String(value);

/** The detail as the sync decides on it: its version, the live checkout (if any) and the caller's actions. */
export const superviseServer = (
  detail: Pick<SuperviseReportDetail, 'version' | 'checkedOutBy' | 'checkoutExpiresAt' | 'actions'>,
): ServerReport => ({
  version: detail.version,
  checkout: detail.checkedOutBy && detail.checkoutExpiresAt ? { expiresAt: detail.checkoutExpiresAt } : null,
  actions: detail.actions,
});

const CONTAINER_FIELDS = ['containerType', 'containerNo', 'sealNo', 'remark'] as const;

/** The queued update beside the server's report, part by part (only the parts that differ). */
export function compareSupervise(
  entries: readonly OutboxEntry[],
  server: Row,
  { t, language }: CompareContext,
): PartComparison[] {
  const report = server as unknown as SuperviseReportDetail;
  const label = {
    containerType: t('supervise-report.containerType'),
    containerNo: t('supervise-report.containerNo'),
    sealNo: t('supervise-report.sealNo'),
    remark: t('supervise-report.remark'),
  };
  const parts: PartComparison[] = [];
  for (const { body } of entries) {
    const container = CONTAINER_FIELDS.filter(
      (key) => key in body && shown(body[key]) !== shown(report[key]),
    );
    if (container.length)
      parts.push({
        title: t('supervise-report.container'),
        mine: container.map((key) =>
          t('supervise-report.conflictField', { label: label[key], value: shown(body[key]) }),
        ),
        server: container.map((key) =>
          t('supervise-report.conflictField', { label: label[key], value: shown(report[key]) }),
        ),
      });
    const product = (p: Row) =>
      `${t('supervise-report.plannedCartons')} ${shown(p.plannedCartons)} · ${t('supervise-report.loadedCartons')} ${shown(p.loadedCartons)} · ${t('supervise-report.loadedQuantity')} ${shown(p.loadedQuantity)}`;
    for (const mine of rows(body.products)) {
      const held = report.products.find((p) => p.id === mine.id);
      if (!held || product(mine) === product(held as unknown as Row)) continue;
      parts.push({
        title: `${t('supervise-report.products')} · ${held.productNo || held.itemNo}`,
        mine: [product(mine)],
        server: [product(held as unknown as Row)],
      });
    }
    const checkpoint = (result: unknown, remark: unknown, photos: number) =>
      [
        Number(result) === CHECKPOINT_RESULT.none
          ? t('supervise-report.notChecked')
          : enumText('InspectionTestResult', Number(result), language),
        remark ? String(remark) : '',
        photos ? t('inspection-report.offline.photos', { count: photos }) : '',
      ]
        .filter(Boolean)
        .join(' · ');
    for (const mine of rows(body.checkpoints)) {
      const held = report.checkpoints.find((c) => c.id === mine.id);
      if (!held) continue;
      const ours = checkpoint(mine.result ?? held.result, mine.remark, rows(mine.photoIds).length);
      const theirs = checkpoint(held.result, held.remark, held.photoIds.length);
      if (ours === theirs) continue;
      parts.push({
        title: `${t('supervise-report.checkpoints')} · ${refName(held.checkpoint, language)}`,
        mine: [ours],
        server: [theirs],
      });
    }
  }
  return parts;
}

/** The supervise report as it works offline: its outboxes under `supervise:`, its one write. */
export const superviseReportOffline: OfflineKind = {
  prefix: 'supervise',
  get: getSuperviseReport,
  checkout: checkoutSuperviseReport,
  writes: [updateSuperviseReport],
  // The editor picks from no master list: the checkpoints come with the report.
  lists: [],
  server: superviseServer,
  compare: compareSupervise,
};
