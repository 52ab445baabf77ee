import { configListOperations } from '@qcdesk/contract/config';
import {
  checkoutInspectionReport,
  createReportResult,
  getInspectionReport,
  setReportPreResult,
  updateInspectionReport,
  updateReportQuantity,
  updateReportResult,
} from '@qcdesk/contract/inspection-report';
import type { Language } from '@qcdesk/contract/messages';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { operationKey } from '../../api/use-operation';
import { enumText, type RefLike, refName } from '../../components/ref-labels';
import type { CompareContext, OfflineKind, PartComparison } from '../../offline/kind';
import type { OutboxEntry } from '../../offline/outbox';

type Row = Record<string, unknown>;
const rows = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
const compact = (value: unknown) => (value === undefined || value === null ? '–' : JSON.stringify(value));

function partTitle(t: TFunction, entry: OutboxEntry, key: string): string {
  if (entry.path.endsWith('quantity/update')) return t('inspection-report.quantities');
  if (entry.path.includes('/result/')) return t('inspection-report.resultPart');
  switch (key) {
    case 'defects':
      return t('inspection-report.defects');
    case 'photoIds':
      return t('inspection-report.photos');
    case 'cartonData':
      return t('inspection-report.cartons');
    case 'cartonSize':
      return t('inspection-report.cartonSize');
    case 'weights':
      return t('inspection-report.weights');
    case 'pullTests':
      return t('inspection-report.pullTests');
    case 'safetyTests':
      return t('inspection-report.safetyTests');
    case 'sections':
      return t('inspection-report.sections');
    default:
      return key;
  }
}

/** The defect list's names the cache holds (the editor's list, kept offline), by id. */
function defectNames(client: QueryClient, server: Row, language: Language): Map<string, string> {
  const names = new Map<string, string>();
  for (const [, data] of client.getQueriesData<{ list?: RefLike[] }>({
    queryKey: operationKey(configListOperations.defect.search),
  }))
    for (const row of data?.list ?? []) names.set(row.id, refName(row, language));
  for (const d of rows(server.defects)) {
    const ref = d.defect as RefLike | undefined;
    if (ref) names.set(ref.id, refName(ref, language));
  }
  return names;
}

/** Describes each queued write of a conflict beside the server's report. */
export function compareParts(
  entries: readonly OutboxEntry[],
  server: Row,
  context: CompareContext,
): PartComparison[] {
  const { t, language } = context;
  const names = defectNames(context.client, server, language);
  const photos = (n: number) => t('inspection-report.offline.photos', { count: n });
  const defect = (d: Row, id: string, photoCount: number) =>
    [
      names.get(id) ?? id,
      enumText('DefectClass', Number(d.defectClass), language),
      `× ${compact(d.qty)}`,
      photoCount ? photos(photoCount) : '',
    ]
      .filter(Boolean)
      .join(' · ');
  const productNo = new Map(
    rows(server.products).map((p) => [String(p.orderProductId), String(p.productNo)]),
  );
  const quantities = (p: Row) =>
    `${productNo.get(String(p.orderProductId)) ?? ''} ${t('inspection-report.presented')} ${compact(p.presentedQuantity)} · ${t('inspection-report.packed')} ${compact(p.packedQuantity)}`.trim();

  return entries.map((entry) => {
    const keys = Object.keys(entry.body).filter((k) => k !== 'id');
    const first = keys[0] ?? '';
    const title = partTitle(t, entry, first);
    const lines = (key: string, mine: boolean): string[] => {
      const value = mine ? entry.body[key] : server[key === 'photoIds' ? 'photos' : key];
      if (key === 'defects') {
        const list = rows(value);
        return list.length
          ? list.map((d) =>
              mine
                ? defect(d, String(d.defectId), rows(d.photoIds).length)
                : defect(d, String((d.defect as RefLike | undefined)?.id ?? ''), rows(d.photos).length),
            )
          : [t('inspection-report.noDefects')];
      }
      if (key === 'photoIds') return [photos(rows(value).length)];
      if (key === 'products') return rows(value).map(quantities);
      return [`${key}: ${compact(value)}`];
    };
    return {
      title,
      mine: keys.flatMap((k) => lines(k, true)),
      server: keys.flatMap((k) => lines(k, false)),
    };
  });
}

/**
 * The inspection report as it works offline (issue 31, src/offline): its outboxes under `report:`,
 * the section writes that queue, and the defect list its defects pick from.
 */
export const inspectionReportOffline: OfflineKind = {
  prefix: 'report',
  get: getInspectionReport,
  checkout: checkoutInspectionReport,
  writes: [
    updateInspectionReport,
    updateReportQuantity,
    createReportResult,
    updateReportResult,
    setReportPreResult,
  ],
  lists: ['defect'],
  // The detail already carries what the sync decides on (version, checkout, actions).
  server: (detail: { version: number; checkout: { expiresAt: string } | null; actions: string[] }) => detail,
  compare: compareParts,
};
