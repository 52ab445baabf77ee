import { parts } from '../../db/schema/config';
import { materials } from '../../db/schema/material';
import { originalSampleMaterials, originalSampleParts } from '../../db/schema/original-sample';
import type { Actor } from '../../platform/auth';
import { childRows, syncChildRows } from '../../platform/child-rows';
import type { Db } from '../../platform/db';
import { assertReferences } from '../../platform/references';
import { dropMaterialsOfOtherParts, partCodes, sampleMaterialUpcs } from './original-sample.queries';
import { isComplete, materialValues, type PartInput, partValues } from './original-sample.rules';

// The parts of an original sample and the materials of each part: child rows of the sample,
// written as a set and logged on the sample (DOMAIN.md §2.3).

/**
 * Brings the sample's parts, and each part's materials, to `wanted` (child rows, matched on part
 * and on material). Answers the change-log entries and whether the sample is now complete.
 */
export async function syncParts(db: Db, sampleId: bigint, wanted: readonly PartInput[], actor: Actor) {
  const currentParts = await childRows(db, {
    table: originalSampleParts,
    parentKey: 'originalSampleId',
    parentId: sampleId,
  });
  const kept = new Set(currentParts.map((p) => p.partId as bigint));
  const partRows = await assertReferences(
    db,
    { table: parts, active: parts.active },
    wanted.map((p) => p.partId).filter((id) => !kept.has(id)),
    'partId',
  );
  const known = new Map([...partRows].map(([id, row]) => [id, String(row.code)]));
  if (currentParts.length > 0) for (const p of await partCodes(db, [...kept])) known.set(p.id, p.code);
  const partCode = (id: unknown) => known.get(id as bigint) ?? String(id);
  const materialIds = [...new Set(wanted.flatMap((p) => p.materials.map((m) => m.materialId)))];
  const materialRows = await assertReferences(db, { table: materials }, materialIds, 'materialId');
  const upcOf = new Map([...materialRows].map(([id, row]) => [id, String(row.upc)]));
  for (const m of await sampleMaterialUpcs(db, sampleId)) if (!upcOf.has(m.id)) upcOf.set(m.id, m.upc);

  const synced = await syncChildRows(
    db,
    {
      table: originalSampleParts,
      parentKey: 'originalSampleId',
      parentId: sampleId,
      field: 'parts',
      keys: ['partId'],
      values: ['sort'],
      label: (row) => partCode(row.partId),
      actor,
    },
    partValues(wanted),
    'replace',
  );
  const changes = [...synced.changes];
  const liveParts: bigint[] = [];
  for (const part of wanted) {
    const row = [...synced.rows.values()].find((r) => r.partId === part.partId)!;
    liveParts.push(row.id as bigint);
    const materialsSync = await syncChildRows(
      db,
      {
        table: originalSampleMaterials,
        parentKey: 'originalSamplePartId',
        parentId: row.id as bigint,
        field: `parts[${partCode(part.partId)}].materials`,
        keys: ['materialId'],
        values: ['percentage', 'colour', 'sort'],
        label: (m) => upcOf.get(m.materialId as bigint) ?? String(m.materialId),
        fixed: { originalSampleId: sampleId },
        actor,
      },
      materialValues(part),
      'replace',
    );
    changes.push(...materialsSync.changes);
  }
  // The materials of removed parts go with them (their removal is logged as the part's).
  await dropMaterialsOfOtherParts(db, sampleId, liveParts, actor);
  return { changes, complete: isComplete(wanted) };
}
