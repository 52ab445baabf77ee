/**
 * A business list's page (issue 24): the title as the page's heading, the area's views or tabs
 * above, and the table — its search bar and columns from one column list — with the create button
 * (for the operation's permission) and the export (for its permission) in the table's toolbar.
 *
 *   <ListPage<Row> title={t('x.title')} testId="x" columns={columns} rowKey="id"
 *     queryKey={xSearchKey} request={requestX} cardTitle={(row) => …}
 *     create={{ permission: createX.permission, to: 'x/new', label: t('x.create') }}
 *     exportTo={{ fn: exportX }} />
 */
import { PlusOutlined } from '@ant-design/icons';
import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { hasPermission } from '../api/guard';
import { useSession } from '../api/session';
import { currentLanguage } from '../i18n/i18n';
import { ButtonLink } from './button-link';
import { DataTable, type DataTableProps } from './data-table';
import { detailHeading } from './detail-states';
import { ExportButton } from './export-button';
import type { Filters } from './table-columns';

/** The heading of a page's main card (lists and records alike). */
export const pageHeading = detailHeading;

export function ListPage<T extends object>({
  title,
  testId,
  above,
  create,
  exportTo,
  toolbar,
  tableKey,
  ...table
}: Omit<DataTableProps<T>, 'exportButton'> & {
  title: ReactNode;
  /** The test ids' prefix: `<testId>-create`, `<testId>-export`. */
  testId: string;
  /** Views or tabs over the table. */
  above?: ReactNode;
  /** A new table (its own state) when this changes: the view or tab of `above`. */
  tableKey?: string;
  /** The create button (after the toolbar's own buttons): its page under the language (`x/new`), shown for the permission. */
  create?: { permission: string; to: string; label: string };
  /** The export of the shown filters (and `fixed` ones of a view), shown for the permission when given. */
  exportTo?: { fn: (filters: Filters) => Promise<{ jobId: string }>; permission?: string; fixed?: Filters };
}) {
  const session = useSession();
  const language = currentLanguage();
  const creates = create && hasPermission(session, create.permission);
  const exports = exportTo && (!exportTo.permission || hasPermission(session, exportTo.permission));
  const tools =
    creates || toolbar ? (
      <>
        {toolbar}
        {creates ? (
          <ButtonLink
            type="primary"
            icon={<PlusOutlined />}
            to={`/${language}/${create.to}`}
            data-testid={`${testId}-create`}
          >
            {create.label}
          </ButtonLink>
        ) : null}
      </>
    ) : null;
  const body = (
    <DataTable<T>
      key={tableKey}
      {...table}
      toolbar={tools}
      {...(exports
        ? {
            exportButton: (filters: Filters) => (
              <ExportButton
                exportFn={exportTo.fn}
                filters={{ ...filters, ...exportTo.fixed }}
                data-testid={`${testId}-export`}
              />
            ),
          }
        : {})}
    />
  );
  return (
    <Card title={<h1 style={pageHeading}>{title}</h1>}>
      {above ? (
        <Flex vertical gap={12}>
          {above}
          {body}
        </Flex>
      ) : (
        body
      )}
    </Card>
  );
}
