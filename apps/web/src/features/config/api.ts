import { searchClients } from '@qcdesk/contract/client';
import {
  type ConfigInput,
  type ConfigRow,
  changeLog,
  configListOperations,
  configs,
  holidayCalendar,
  type ImportError,
} from '@qcdesk/contract/config';
import type { ConfigListName, RefTarget } from '@qcdesk/contract/config-lists';
import { MAX_PAGE_SIZE } from '@qcdesk/contract/constants';
import { enumerationList } from '@qcdesk/contract/enumerations';
import { searchUsers } from '@qcdesk/contract/identity';
import { jobErrorList, jobErrorRetry, mailErrorList, mailErrorSolve } from '@qcdesk/contract/mail-service';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operationKey, useOperation, useOperationMutation } from '../../api/use-operation';
import type { PageRequest, PageResult } from '../../components/data-table';
import { sortInput } from '../../components/list-state';
import type { Filters } from '../../components/table-columns';

export type { ConfigRow, ImportError };
export type ConfigsAnswer = OutputOf<typeof configs>;
export type ConfigListEntry = ConfigsAnswer['lists'][number];
export type EnumerationMap = OutputOf<typeof enumerationList>['enumerations'];
export type MailErrorRow = OutputOf<typeof mailErrorList>['list'][number];
export type JobErrorRow = OutputOf<typeof jobErrorList>['list'][number];
export type CalendarDay = OutputOf<typeof holidayCalendar>['days'][number];

/** The lists of the caller's back office and whether it sees frozen and deleted rows (`config`). */
export const useConfigs = () => useOperation(configs, {}, { staleTime: 5 * 60_000 });

/** Every enumeration with zh/en labels, loaded once per session (issue 5: cached by the web client). */
export const useEnumerations = () =>
  useOperation(
    enumerationList,
    {},
    { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY },
  );

export const listSearchKey = (name: ConfigListName) => operationKey(configListOperations[name].search);

/** One page of a list for the shared data table; `sorts` are the list's sort keys (configSorts). */
export function requestRows(name: ConfigListName, sorts: readonly string[]): PageRequest<ConfigRow> {
  const op = configListOperations[name].search;
  return ({ filters, page, pageSize, ...sort }) =>
    // The registry's search answers `pageOf(row)`; its generic typing only knows `list`.
    api.call(op, {
      ...(filters as ConfigInput),
      page,
      pageSize,
      // sort: the server drops these until the registry's searches have `...sorting([...])`.
      ...sortInput(sort, sorts),
    } as InputOf<typeof op>) as unknown as Promise<PageResult<ConfigRow>>;
}

/** One row by id, deleted rows included, after a refusal said it changed (E_VERSION). */
export async function fetchRow(name: ConfigListName, id: string): Promise<ConfigRow | undefined> {
  const op = configListOperations[name].search;
  for (const valid of [1, 0] as const) {
    const page = await api.call(op, { id, valid, page: 1, pageSize: 1 } as InputOf<typeof op>, {
      silent: true,
    });
    if (page.list[0]) return page.list[0];
  }
  return undefined;
}

function useInvalidateList(name: ConfigListName) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: listSearchKey(name) });
    void client.invalidateQueries({ queryKey: ['config-ref'] });
    void client.invalidateQueries({ queryKey: ['changelog', name] });
    // The calendar is computed from the holiday rows, under a path of its own.
    if (name === 'holiday') void client.invalidateQueries({ queryKey: operationKey(holidayCalendar) });
  };
}

/** Create a row; refusals are shown by the form (a field marked), not toasted. */
export function useCreateRow(name: ConfigListName) {
  const invalidate = useInvalidateList(name);
  return useOperationMutation(configListOperations[name].create, { silent: true, onSuccess: invalidate });
}

/** Modify, freeze/activate, delete/undelete a row (always with the version read). */
export function useUpdateRow(name: ConfigListName) {
  const invalidate = useInvalidateList(name);
  return useOperationMutation(configListOperations[name].update, { silent: true, onSuccess: invalidate });
}

// -- Holiday calendar ------------------------------------------------------------------------------

/** Each day of a range with its day type (DOMAIN.md §6.12) and whether it is a working day (§6.7). */
export const useHolidayCalendar = (startDate: string, endDate: string) =>
  useOperation(holidayCalendar, { startDate, endDate }, { placeholderData: keepPreviousData });

/**
 * The holiday rows of a range, frozen ones too for the back office, so a day of the calendar can be
 * modified with the row's version. A month holds at most 31 rows: one page.
 */
export const useHolidayRows = (startTime: string, endTime: string, enabled: boolean) => {
  const op = configListOperations.holiday.search;
  return useOperation(op, { startTime, endTime, page: 1, pageSize: MAX_PAGE_SIZE } as InputOf<typeof op>, {
    enabled,
    placeholderData: keepPreviousData,
  });
};

export function useImportRows(name: ConfigListName) {
  const invalidate = useInvalidateList(name);
  return useOperationMutation(configListOperations[name].import, { silent: true, onSuccess: invalidate });
}

export const exportRows = (name: ConfigListName, filters: Filters) => {
  const op = configListOperations[name].export;
  return api.call(op, filters as InputOf<typeof op>);
};

export const fetchChangeLog = (input: InputOf<typeof changeLog>) => api.call(changeLog, input);

// -- Options of reference fields ------------------------------------------------------------------

export interface RefOption {
  id: string;
  code: string | null;
  nameZh: string | null;
  nameEn: string | null;
}

const REF_PAGE_SIZE = 100;
const PEOPLE_PAGE_SIZE = 20;

/** The active rows of the target list (or users, clients) matching what was typed. */
async function loadRefOptions(target: RefTarget, keyword: string, signal: AbortSignal): Promise<RefOption[]> {
  const term = keyword.trim();
  if (target === 'user') {
    const page = await api.call(
      searchUsers,
      { ...(term ? { name: term } : {}), page: 1, pageSize: PEOPLE_PAGE_SIZE },
      { signal, silent: true },
    );
    return page.list.map((u) => ({ id: u.id, code: u.username, nameZh: u.name, nameEn: u.englishName }));
  }
  if (target === 'client') {
    const page = await api.call(
      searchClients,
      { ...(term ? { name: term } : {}), page: 1, pageSize: PEOPLE_PAGE_SIZE },
      { signal, silent: true },
    );
    return page.list.map((c) => ({ id: c.id, code: c.code, nameZh: c.name, nameEn: c.name }));
  }
  const op = configListOperations[target].search;
  const page = await api.call(
    op,
    { active: 1, ...(term ? { keyword: term } : {}), page: 1, pageSize: REF_PAGE_SIZE } as InputOf<typeof op>,
    { signal, silent: true },
  );
  return page.list.map((r) => ({ id: r.id, code: r.code, nameZh: r.nameZh, nameEn: r.nameEn }));
}

export function useRefOptions(target: RefTarget, keyword: string, enabled = true) {
  return useQuery({
    queryKey: ['config-ref', target, keyword.trim()],
    queryFn: ({ signal }) => loadRefOptions(target, keyword, signal),
    staleTime: 60_000,
    enabled,
  });
}

// -- Mail errors (mail.admin) ---------------------------------------------------------------------

export const mailErrorsKey = operationKey(mailErrorList);

/** The mail-error list's sort keys (issue 12; contract mailErrorList `sorting`). */
export const MAIL_ERROR_SORTS = ['to', 'createdAt'] as const;

export const requestMailErrors: PageRequest<MailErrorRow> = ({ filters, page, pageSize, ...sort }) =>
  api.call(mailErrorList, {
    ...(filters as InputOf<typeof mailErrorList>),
    page,
    pageSize,
    // sort: the server drops these until the contract's mailErrorList has `...sorting([...])`.
    ...sortInput(sort, MAIL_ERROR_SORTS),
  });

export function useSolveMailError() {
  const client = useQueryClient();
  return useOperationMutation(mailErrorSolve, {
    onSuccess: () => void client.invalidateQueries({ queryKey: mailErrorsKey }),
  });
}

// -- Jobs that gave up (mail.admin, ADR 0016) -----------------------------------------------------

export const jobErrorsKey = operationKey(jobErrorList);

export const requestJobErrors: PageRequest<JobErrorRow> = ({ filters, page, pageSize }) =>
  api.call(jobErrorList, { ...(filters as InputOf<typeof jobErrorList>), page, pageSize });

export function useRetryJob() {
  const client = useQueryClient();
  return useOperationMutation(jobErrorRetry, {
    onSuccess: () => void client.invalidateQueries({ queryKey: jobErrorsKey }),
  });
}
