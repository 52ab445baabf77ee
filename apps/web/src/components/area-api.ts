/**
 * An area's API in one call (issue 24): its list search as the table's page request, its export,
 * its record query, and its writes — each write refreshes the list, the record and its change log
 * (one invalidation), and a refused write is toasted by the client unless the caller shows the
 * refusal itself (`{ silent: true }`: a form that marks the field, a dialog that stays open).
 *
 *   const area = areaApi({ search: searchX, get: getX, sorts: X_SORTS, entity: 'xs' });
 *   export const requestX = area.request();
 *   export const useX = area.useRecord;
 *   export const useUpdateX = () => area.useWrite(updateX, { silent: true });
 */
import { changeLog } from '@qcdesk/contract/config';
import type { InputOf, OperationDef, OutputOf } from '@qcdesk/contract/operation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { operationKey, useOperationMutation } from '../api/use-operation';
import type { ChangeLogFetch } from './change-log-viewer';
import { sortInput } from './list-state';
import type { PageRequest, PageResult } from './page-query';
import type { Filters } from './table-columns';

type ListOf<Op extends OperationDef> = OutputOf<Op> extends { list: readonly (infer R)[] } ? R : never;

export interface AreaApiOptions<S extends OperationDef, G extends OperationDef> {
  /** The list search (`page`, `pageSize`, `count` and the sort fields of `sorting([...])`). */
  search: S;
  /** The record by id. */
  get: G;
  /** The sort keys the search accepts (`X_SORTS` of the contract). */
  sorts: readonly string[];
  /** The change log's entity of the record (the server's table name). */
  entity: string;
  /** Other queries the area's writes change (another list on the same rows, a cart). */
  alsoInvalidates?: readonly (readonly unknown[])[];
}

export interface WriteOptions {
  /** The caller shows the refusal itself (a form marks the field); else the client toasts it. */
  silent?: boolean;
}

export function areaApi<S extends OperationDef, G extends OperationDef>({
  search,
  get,
  sorts,
  entity,
  alsoInvalidates = [],
}: AreaApiOptions<S, G>) {
  const searchKey = operationKey(search);
  const recordKey = operationKey(get);

  /** The list's page request, with filters a view or tab fixes (`{ status: 20 }`) over the bar's. */
  const request =
    (fixed: Filters = {}): PageRequest<ListOf<S>> =>
    ({ filters, page, pageSize, count, ...sort }) =>
      api.call(search, {
        ...filters,
        ...fixed,
        page,
        pageSize,
        count,
        ...sortInput(sort, sorts),
      } as InputOf<S>) as Promise<PageResult<ListOf<S>>>;

  /** The list's export (`defineListExport`): the bar's filters and the fixed ones, mailed as XLSX. */
  const exportWith =
    <E extends OperationDef>(op: E, fixed: Filters = {}) =>
    (filters: Filters) =>
      api.call(op, { ...filters, ...fixed } as InputOf<E>);

  function useRecord(id: string | undefined) {
    return useQuery({
      queryKey: [...recordKey, id],
      queryFn: () => api.callResult(get, { id: id ?? '' } as InputOf<G>),
      enabled: Boolean(id),
    });
  }

  /** Refreshes the list, the record and its change log (and the area's other queries). */
  function useInvalidate() {
    const client = useQueryClient();
    return () => {
      for (const queryKey of [searchKey, recordKey, ['changelog', entity], ...alsoInvalidates])
        void client.invalidateQueries({ queryKey });
    };
  }

  function useWrite<Op extends OperationDef>(op: Op, options: WriteOptions = {}) {
    const invalidate = useInvalidate();
    return useOperationMutation(op, { ...options, onSuccess: invalidate });
  }

  const fetchChangeLog: ChangeLogFetch = (input) => api.call(changeLog, input);

  return {
    entity,
    searchKey,
    recordKey,
    request,
    exportWith,
    useRecord,
    useInvalidate,
    useWrite,
    fetchChangeLog,
  };
}
