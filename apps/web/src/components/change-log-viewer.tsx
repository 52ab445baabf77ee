/**
 * The change log of one record (DOMAIN.md §6.11): who, when, what (field from → to), the reason, and the
 * impersonator when someone acted for another user. Give it the rows, or the record (entity + id) and
 * a fetch function — the area's call of the `changelog` operation — to page through it with load-more.
 * References show the names the server sends with them (`fromNames`/`toNames`), in the UI language, and
 * an area's own actions (`submit`) the names it declared (`actionNames`).
 *
 * ChangeLogViewer props: entries? | (entity, id, fetch(input) → Promise<page>), fieldLabel?(field)
 * ChangeLogCard: the viewer in a detail page's card (the same props).
 *
 * CLIENT users never read change logs (DOMAIN.md §5.4; the server refuses them): for them neither
 * shows, rather than a red "Invalid Permission" box on every detail page (issue 25).
 */
import type { changeLog } from '@qcdesk/contract/config';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@qcdesk/contract/constants';
import { fieldLabel as contractFieldLabel } from '@qcdesk/contract/messages';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Timeline, Typography } from 'antd';
import { useSession } from '../api/session';
import { formatDateTime } from '../lib/format';
import { LoadMore } from './load-more';
import { useWidgetsTranslation, type WidgetsT } from './widgets-i18n';

export type ChangeLogPage = OutputOf<typeof changeLog>;
export type ChangeLogEntry = ChangeLogPage['list'][number];
export type ChangeLogFetch = (input: InputOf<typeof changeLog>) => Promise<ChangeLogPage>;

export interface ChangeLogViewerProps {
  entries?: readonly ChangeLogEntry[];
  entity?: string;
  id?: string;
  fetch?: ChangeLogFetch;
  /** A field's name for people; defaults to the contract's field labels. */
  fieldLabel?: (field: string) => string;
}

export function actionText(action: string, t: WidgetsT): string {
  switch (action) {
    case 'create':
      return t('widgets.changeLog.action.create');
    case 'update':
      return t('widgets.changeLog.action.update');
    case 'delete':
      return t('widgets.changeLog.action.delete');
    case 'undelete':
      return t('widgets.changeLog.action.undelete');
    case 'lock':
      return t('widgets.changeLog.action.lock');
    case 'unlock':
      return t('widgets.changeLog.action.unlock');
    case 'checkout':
      return t('widgets.changeLog.action.checkout');
    case 'release':
      return t('widgets.changeLog.action.release');
    case 'push':
      return t('widgets.changeLog.action.push');
    case 'send':
      return t('widgets.changeLog.action.send');
    case 'export':
      return t('widgets.changeLog.action.export');
    case 'impersonate':
      return t('widgets.changeLog.action.impersonate');
    case 'complete':
      return t('widgets.changeLog.action.complete');
    case 'solved':
      return t('widgets.changeLog.action.solved');
    case 'password':
      return t('widgets.changeLog.action.password');
    case 'verify':
      return t('widgets.changeLog.action.verify');
    case 'audit':
      return t('widgets.changeLog.action.audit');
    case 'reaudit':
      return t('widgets.changeLog.action.reaudit');
    case 'cancel':
      return t('widgets.changeLog.action.cancel');
    default:
      return t('widgets.changeLog.action.other', { action });
  }
}

/** A person as the UI language names them: the English name in English when there is one. */
function personName(
  name: string | null,
  englishName: string | null | undefined,
  language: string,
): string | null {
  return language === 'en' && englishName ? englishName : name;
}

/**
 * A logged value for people: empty, yes/no, lists joined, and child rows (`{"mandatory":true}`) as
 * "label: value" pairs instead of JSON.
 */
export function valueText(
  value: unknown,
  t: WidgetsT,
  label: (field: string) => string = (f) => f,
  /** A whole child row's properties the server named (`factoryId` → the factory's name). */
  propertyName: (property: string) => string | undefined = () => undefined,
): string {
  const empty = t('widgets.changeLog.emptyValue');
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'boolean') return value ? t('widgets.search.yes') : t('widgets.search.no');
  if (Array.isArray(value))
    return value.length === 0 ? empty : value.map((v) => valueText(v, t, label)).join(', ');
  if (typeof value === 'object') {
    const pairs = Object.entries(value);
    if (pairs.length === 0) return empty;
    return pairs
      .map(([key, v]) => `${label(key)}: ${propertyName(key) ?? valueText(v, t, label)}`)
      .join('; ');
  }
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDateTime(value);
  return String(value);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A child row's field, labelled segment by segment: `tests[T-EN71-1].mandatory` → "Test requirements
 * T-EN71-1 · Mandatory", `parts[BODY].materials[6901234500011]` → "Parts BODY · Materials 6901234500011".
 * A key the server named (`keyName`) shows by its name: `parts[FABRIC]` → "Parts Fabric".
 */
export function fieldPathLabel(
  field: string,
  label: (field: string) => string,
  keyName: (key: string) => string | undefined = () => undefined,
): string {
  const parts: string[] = [];
  for (const segment of field.split('.')) {
    const match = /^(\w+)(?:\[([^\]]+)\])?$/.exec(segment);
    if (!match?.[1]) return label(field);
    parts.push(match[2] ? `${label(match[1])} ${keyName(match[2]) ?? match[2]}` : label(match[1]));
  }
  return parts.join(' · ');
}

function ChangeList({
  entries,
  fieldLabel,
}: {
  entries: readonly ChangeLogEntry[];
  fieldLabel: (field: string) => string;
}) {
  const { t, language } = useWidgetsTranslation();
  return (
    <Timeline
      items={entries.map((entry) => ({
        key: entry.id,
        content: (
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </Typography.Text>
            <Typography.Text>
              <Typography.Text strong>
                {personName(entry.actorName, entry.actorEnglishName, language) ??
                  t('widgets.changeLog.system')}
              </Typography.Text>{' '}
              {entry.actionNames?.[language] ?? actionText(entry.action, t)}
              {entry.impersonatorName ? (
                <Typography.Text type="warning">
                  {' '}
                  (
                  {t('widgets.changeLog.impersonatedBy', {
                    name: personName(entry.impersonatorName, entry.impersonatorEnglishName, language) ?? '',
                  })}
                  )
                </Typography.Text>
              ) : null}
            </Typography.Text>
            {entry.reason ? (
              <Typography.Text type="secondary">
                {t('widgets.changeLog.reason', { reason: entry.reason })}
              </Typography.Text>
            ) : null}
            {entry.changes.length > 0 ? (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {entry.changes.map((change) => (
                  <li key={change.field}>
                    {fieldPathLabel(change.field, fieldLabel, (key) => change.keyNames?.[key]?.[language])}:{' '}
                    <del>
                      {change.fromNames?.[language] ??
                        valueText(
                          change.from,
                          t,
                          fieldLabel,
                          (p) => change.fromPropertyNames?.[p]?.[language],
                        )}
                    </del>{' '}
                    →{' '}
                    {change.toNames?.[language] ??
                      valueText(change.to, t, fieldLabel, (p) => change.toPropertyNames?.[p]?.[language])}
                  </li>
                ))}
              </ul>
            ) : null}
          </Flex>
        ),
      }))}
    />
  );
}

function FetchedChangeLog({
  entity,
  id,
  fetch,
  fieldLabel,
}: Required<Pick<ChangeLogViewerProps, 'entity' | 'id' | 'fetch'>> & {
  fieldLabel: (field: string) => string;
}) {
  const { t } = useWidgetsTranslation();
  const query = useInfiniteQuery({
    queryKey: ['changelog', entity, id],
    initialPageParam: DEFAULT_PAGE,
    queryFn: ({ pageParam }) => fetch({ entity, id, page: pageParam, pageSize: DEFAULT_PAGE_SIZE }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  if (query.isError && !query.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('widgets.changeLog.loadFailed')}
        description={query.error instanceof Error ? query.error.message : undefined}
      />
    );
  }
  const entries = query.data?.pages.flatMap((page) => page.list) ?? [];
  if (!query.isPending && entries.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('widgets.changeLog.empty')} />;
  }
  return (
    <>
      <ChangeList entries={entries} fieldLabel={fieldLabel} />
      <LoadMore
        loading={query.isPending || query.isFetchingNextPage}
        hasMore={query.hasNextPage}
        showEnd={false}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  );
}

/** Whether the signed-in user may read change logs at all: not a CLIENT user. */
export function useReadsChangeLogs(): boolean {
  return useSession()?.roleCode !== 'CLIENT';
}

/** The change log in a card of its own, or nothing for a user who may not read it. */
export function ChangeLogCard(props: ChangeLogViewerProps) {
  if (!useReadsChangeLogs()) return null;
  return (
    <Card>
      <ChangeLogViewer {...props} />
    </Card>
  );
}

export function ChangeLogViewer({ entries, entity, id, fetch, fieldLabel }: ChangeLogViewerProps) {
  const { t, language } = useWidgetsTranslation();
  const reads = useReadsChangeLogs();
  const label = fieldLabel ?? ((field: string) => contractFieldLabel(field, language));
  let body = null;
  if (entries) {
    body =
      entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('widgets.changeLog.empty')} />
      ) : (
        <ChangeList entries={entries} fieldLabel={label} />
      );
  } else if (!reads) {
    return null;
  } else if (entity && id && fetch) {
    body = <FetchedChangeLog entity={entity} id={id} fetch={fetch} fieldLabel={label} />;
  }
  return (
    <section aria-label={t('widgets.changeLog.title')}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('widgets.changeLog.title')}
      </Typography.Title>
      {body}
    </section>
  );
}
