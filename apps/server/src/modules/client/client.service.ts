import { clients } from '../../db/schema/client';
import { countries, samplingLevels, tensionLevels } from '../../db/schema/config';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { assertRecordNotInUse } from '../../platform/in-use';
import { searchPage } from '../../platform/paging';
import { changedFields, createRecord, lockVersion, updateRecord } from '../../platform/records';
import { assertReference, assertReferences } from '../../platform/references';
import { type Scope, scopeOf } from '../../platform/scope';
import { followClientOwner } from '../order/order-access.service';
import {
  type ClientRow,
  type ClientSearch,
  clientById,
  clientCountedPageQuery,
  clientDetail,
  clientPageQuery,
  clientRows,
  clientSearchWhere,
  defaultSamplingLevel,
  generatedCode,
  salesCandidate,
  takenClientField,
} from './client.queries';
import {
  added,
  assertAdminFields,
  assertAqlOrder,
  assertMayOwn,
  assertNotTaken,
  assertSalesOwner,
  type ClientUpdate,
  clientUpdateValues,
  distinct,
  duplicateFromIndex,
  mayReadClient,
  mayWriteClient,
  type NewClient,
  namesToCheck,
  newClientValues,
  seesClient,
  validityChange,
} from './client.rules';

// Clients (DOMAIN.md §2.2): search, details, create and update, with the record rules of §5.4:
// SALES reads its department and writes only clients it owns; SALES_MGR writes its department
// subtree; changing the sales owner, freezing and deleting need client.admin.

export const CLIENT_ENTITY = 'clients';

const countryTable = { table: countries, active: countries.active };
const countryCodes = { table: countries, active: countries.active, key: countries.code };
const samplingLevelTable = { table: samplingLevels, active: samplingLevels.active };
const tensionLevelTable = { table: tensionLevels, active: tensionLevels.active };

/** client/search, by name: the page's ids (and the total), then their labels (ten rows, not every match). */
export async function searchClients(db: Db, input: ClientSearch, user: Principal) {
  const where = clientSearchWhere(input, await scopeOf(db, user), user);
  const list = async () =>
    clientRows(
      db,
      (await clientPageQuery(db, input, where)).map((r) => r.id),
    );
  const countedPage = clientCountedPageQuery(db, input, where);
  const counted =
    countedPage &&
    (async () => {
      const page = await countedPage;
      return {
        list: await clientRows(
          db,
          page.map((r) => r.id),
        ),
        matches: page[0]?.matches ?? 0,
      };
    });
  return searchPage(db, { table: clients, where, input, list, counted });
}

/** A client the caller may read (deleted ones only with client.admin); E_NOT_FOUND / E_SCOPE. */
export async function readableClient(db: Db, id: bigint, user: Principal, scope?: Scope): Promise<ClientRow> {
  const row = await clientById(db, id);
  if (!row || !seesClient(user, row)) throw new AppError('E_NOT_FOUND');
  if (!mayReadClient(scope ?? (await scopeOf(db, user)), row)) throw new AppError('E_SCOPE');
  return row;
}

/** client (details), with the detail flags of DOMAIN.md §5.4. */
export async function getClient(db: Db, id: bigint, user: Principal) {
  const { client, flags } = await clientWithFlags(db, id, user);
  return { detail: await clientDetail(db, client.id), flags };
}

/** A client the caller reads, with the detail flags of its screens (modify: client.edit, in write scope). */
export async function clientWithFlags(db: Db, id: bigint, user: Principal) {
  const scope = await scopeOf(db, user);
  const client = await readableClient(db, id, user, scope);
  const flags = recordFlags({
    user,
    record: client,
    editPermission: 'client.edit',
    inScope: mayWriteClient(scope, client),
  });
  return { client, flags };
}

/** A sales owner the caller may give clients to (§2.2, §5.4). */
async function salesOwner(db: Db, scope: Scope, salesId: bigint) {
  const owner = assertSalesOwner(await salesCandidate(db, salesId));
  assertMayOwn(scope, owner);
  return owner;
}

/** client/create: the caller must be able to write a client of that sales owner (§5.4). */
export async function createClient(db: Db, input: NewClient, user: Principal) {
  const owner = await salesOwner(db, await scopeOf(db, user), input.salesId);
  await assertReference(db, countryTable, input.countryId, 'countryId');
  const samplingLevelId = input.samplingLevelId ?? (await defaultSamplingLevel(db));
  if (samplingLevelId === undefined) {
    throw new AppError('E_REQUIRED', { field: 'samplingLevelId' }, { field: 'samplingLevelId' });
  }
  await assertReference(db, samplingLevelTable, samplingLevelId, 'samplingLevelId');
  if (input.tensionLevelId != null) {
    await assertReference(db, tensionLevelTable, input.tensionLevelId, 'tensionLevelId');
  }
  await assertReferences(db, countryCodes, distinct(input.destinationCountries), 'destinationCountries');
  assertNotTaken(await takenClientField(db, input));

  const row = await createRecord(db, {
    table: clients,
    entity: CLIENT_ENTITY,
    actor: actorOf(user),
    values: newClientValues(input, owner, input.code ?? (await generatedCode(db)), samplingLevelId),
  }).catch(duplicateFromIndex);
  return clientDetail(db, row.id);
}

/**
 * client/update. Only what differs is written; a deleted client is only undeleted. Changing the
 * sales owner moves the client to the new owner's department, which must stay in the caller's
 * scope.
 */
export async function updateClient(db: Db, input: ClientUpdate, user: Principal) {
  const { id, version, ...fields } = input;
  const current = await lockVersion(db, clients, id, version);
  const scope = await scopeOf(db, user);
  if (!mayWriteClient(scope, current)) throw new AppError('E_SCOPE');

  const wanted: Partial<ClientRow> = changedFields(current, clientUpdateValues(fields));
  const { wasValid, staysValid, action } = validityChange(current.valid, wanted.valid);
  assertAdminFields(user, wanted);
  if (Object.keys(wanted).length === 0) return clientDetail(db, id);

  if (wanted.salesId !== undefined) {
    const owner = await salesOwner(db, scope, wanted.salesId);
    if (owner.departmentId !== current.departmentId) wanted.departmentId = owner.departmentId;
  }
  assertAqlOrder(wanted.majorAql ?? current.majorAql, wanted.minorAql ?? current.minorAql);
  if (wanted.countryId !== undefined) await assertReference(db, countryTable, wanted.countryId, 'countryId');
  if (wanted.samplingLevelId !== undefined) {
    await assertReference(db, samplingLevelTable, wanted.samplingLevelId, 'samplingLevelId');
  }
  if (wanted.tensionLevelId != null) {
    await assertReference(db, tensionLevelTable, wanted.tensionLevelId, 'tensionLevelId');
  }
  if (wanted.destinationCountries !== undefined) {
    const codes = added(wanted.destinationCountries, current.destinationCountries);
    await assertReferences(db, countryCodes, codes, 'destinationCountries');
  }
  if (staysValid) assertNotTaken(await takenClientField(db, namesToCheck(wasValid, wanted, current), id));
  if (wasValid && !staysValid) await assertRecordNotInUse(db, clients, id);

  await updateRecord(db, {
    table: clients,
    id,
    version,
    values: wanted,
    actor: actorOf(user),
    action,
    entity: CLIENT_ENTITY,
  }).catch(duplicateFromIndex);
  if (wanted.salesId !== undefined) {
    const departmentId = wanted.departmentId ?? current.departmentId;
    await followClientOwner(db, id, { salesId: wanted.salesId, departmentId });
  }
  return clientDetail(db, id);
}
