import { PlusOutlined } from '@ant-design/icons';
import type { ConfigRow } from '@qcdesk/contract/config';
import type { ConfigListDef } from '@qcdesk/contract/config-lists';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type PageRequest } from '../../components/data-table';
import { FormDrawer } from '../../components/form-drawer';
import type { Filters } from '../../components/table-columns';
import { languageOf } from '../../components/widgets-i18n';
import { listSearchKey, requestRows, useEnumerations } from './api';
import { configColumns, configSorts, keyField, OpenButton } from './config-columns';
import { ConfigForm } from './config-form';
import { ConfigRefSelect } from './config-ref-select';
import { ConfigRowDetail } from './config-row-detail';
import { ConfigExportButton, ConfigImportButton } from './config-xlsx';

type Panel =
  | { mode: 'view'; row: ConfigRow }
  | { mode: 'edit'; row: ConfigRow; notice?: string }
  | { mode: 'create' };

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

export interface ConfigListViewProps {
  list: ConfigListDef;
  /** The caller holds the list's edit permission; otherwise the list is read-only. */
  editable: boolean;
  /** Frozen and deleted rows are shown (config.search). */
  extend: boolean;
  /** Beside the title: a switch between the table and another view of the list. */
  extra?: ReactNode;
  /** Another view of the list shown instead of the table (the holiday calendar). */
  children?: ReactNode;
}

/**
 * One master-data list: the shared table with its search (both from configColumns), create and
 * modify in a drawer holding the generated form, a row's detail with its actions and change log,
 * and XLSX export and import.
 */
export function ConfigListView({ list, editable, extend, extra, children }: ConfigListViewProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const other = language === 'en' ? 'zh' : 'en';
  const enumerations = useEnumerations();
  const [panel, setPanel] = useState<Panel | null>(null);
  const lastFilters = useRef<Filters>({});

  const request = useMemo<PageRequest<ConfigRow>>(() => {
    const load = requestRows(list.name, configSorts(list));
    return (query) => {
      lastFilters.current = query.filters;
      return load(query);
    };
  }, [list]);

  const columns = useMemo(
    () =>
      configColumns(
        list,
        {
          enumerations: enumerations.data?.enumerations,
          extend,
          language,
          onOpen: (row) => setPanel({ mode: 'view', row }),
          refInput: (field, props) => <ConfigRefSelect field={field} {...props} />,
        },
        t,
      ),
    [list, enumerations.data, extend, language, t],
  );

  const key = keyField(list);
  const rowTitle = (row: ConfigRow) =>
    String(row[key] ?? '') +
    (row.nameZh || row.nameEn ? ` · ${(language === 'en' ? row.nameEn : row.nameZh) ?? ''}` : '');

  let drawerTitle = '';
  if (panel?.mode === 'create') drawerTitle = t('config.createTitle', { list: list.title[language] });
  else if (panel?.mode === 'edit') drawerTitle = t('config.editTitle', { name: rowTitle(panel.row) });
  else if (panel) drawerTitle = rowTitle(panel.row);

  return (
    <Card
      title={
        <Flex gap={8} align="baseline" wrap>
          <h1 style={heading}>{list.title[language]}</h1>
          <Typography.Text type="secondary" lang={other}>
            {list.title[other]}
          </Typography.Text>
          {editable ? null : <Tag>{t('config.readOnly')}</Tag>}
        </Flex>
      }
      extra={extra}
      data-testid="config-list"
      data-list={list.name}
    >
      {children ?? (
        <DataTable<ConfigRow>
          key={list.name}
          columns={columns}
          rowKey="id"
          queryKey={listSearchKey(list.name)}
          request={request}
          cardTitle={(row) => (
            <OpenButton onClick={() => setPanel({ mode: 'view', row })}>{rowTitle(row)}</OpenButton>
          )}
          toolbar={
            editable ? (
              <>
                <ConfigImportButton list={list} />
                <ConfigExportButton list={list} filters={() => lastFilters.current} />
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setPanel({ mode: 'create' })}
                  data-testid="config-create"
                >
                  {t('config.create')}
                </Button>
              </>
            ) : null
          }
        />
      )}
      <FormDrawer
        open={panel !== null}
        onClose={() => setPanel(null)}
        title={drawerTitle}
        testId="config-drawer"
      >
        {panel?.mode === 'view' ? (
          <ConfigRowDetail
            list={list}
            row={panel.row}
            editable={editable}
            onEdit={() => setPanel({ mode: 'edit', row: panel.row })}
            onChanged={(row) => setPanel({ mode: 'view', row })}
          />
        ) : null}
        {panel?.mode === 'edit' ? (
          <ConfigForm
            key={`${panel.row.id}:${panel.row.version}`}
            list={list}
            row={panel.row}
            notice={panel.notice}
            onDone={(row) => setPanel({ mode: 'view', row })}
            onCancel={() => setPanel({ mode: 'view', row: panel.row })}
            onReloaded={(row, notice) => setPanel({ mode: 'edit', row, notice })}
          />
        ) : null}
        {panel?.mode === 'create' ? (
          <ConfigForm
            list={list}
            onDone={(row) => setPanel({ mode: 'view', row })}
            onCancel={() => setPanel(null)}
          />
        ) : null}
      </FormDrawer>
    </Card>
  );
}
