/**
 * The table and search bar of any list, from its registry entry: one column array (STYLE.md) whose
 * columns are the master-data block, the list's own fields and the status, and whose search inputs
 * are the keyword, the list's search fields and, for the back office, frozen and deleted rows.
 */
import type { ConfigRow, RefLabel } from '@qcdesk/contract/config';
import {
  CONFIG_FIELD_LABELS,
  type ConfigListDef,
  configFieldLabel,
  editableFields,
  type FieldDef,
} from '@qcdesk/contract/config-lists';
import type { Language } from '@qcdesk/contract/messages';
import { Badge, Button, Flex, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { ColumnOption, SearchInputProps, TableColumn, ValueType } from '../../components/table-columns';
import type { EnumerationMap } from './api';

export interface ColumnContext {
  /** The enumerations (enum fields show their labels, and filter by them). */
  enumerations: EnumerationMap | undefined;
  /** The caller sees frozen and deleted rows (config.search on an editable list). */
  extend: boolean;
  /** Opens a row (its code is the link). */
  onOpen: (row: ConfigRow) => void;
  /** The search input of a reference field. */
  refInput: (field: FieldDef, props: SearchInputProps) => ReactNode;
  language: Language;
}

const both = (field: FieldDef) => ({ zh: configFieldLabel(field, 'zh'), en: configFieldLabel(field, 'en') });

/** A referenced row's name in a language: its name, else its code. */
export function refName(label: RefLabel, language: Language): string {
  const name = language === 'en' ? (label.nameEn ?? label.nameZh) : (label.nameZh ?? label.nameEn);
  return name || label.code || label.id;
}

/** The options of an enumeration for a select. */
export function enumOptions(
  enumerations: EnumerationMap | undefined,
  name: string | undefined,
): ColumnOption[] {
  return (enumerations?.[name ?? ''] ?? []).map((item) => ({
    value: item.code,
    label: { zh: item.zh, en: item.en },
  }));
}

function valueTypeOf(field: FieldDef): ValueType | undefined {
  switch (field.type) {
    case 'int':
    case 'decimal':
      return 'number';
    case 'bool':
      return 'bool';
    case 'enum':
      return 'select';
    case 'date':
      return 'date';
    default:
      return undefined;
  }
}

/** Long texts stay out of the table (the detail shows them); everything else has a column. */
export const inTable = (field: FieldDef) =>
  !(field.type === 'text' && field.multiline) && field.name !== 'remark';

/** The column that opens a row: its code, or the list's own key (system). */
export function keyField(list: ConfigListDef): string {
  return list.code === 'none' ? (list.fields.find((f) => f.unique)?.name ?? 'nameZh') : 'code';
}

/**
 * The sort keys of a list (issue 12): its code (or own key), both names and its dates — the columns
 * people look a row up by; the search keeps its own order otherwise. The same keys as the contract's
 * `configSortKeys` of the server side: use that once both sides are merged.
 */
export function configSorts(list: ConfigListDef): string[] {
  const names = new Set(editableFields(list).map((field) => field.name));
  const dates = list.fields.filter((field) => field.type === 'date').map((field) => field.name);
  return [keyField(list), 'nameZh', 'nameEn', ...dates].filter(
    (name, i, all) => names.has(name) && all.indexOf(name) === i,
  );
}

export function RefNames({ labels, language }: { labels: RefLabel[] | undefined; language: Language }) {
  if (!labels || labels.length === 0) return <>-</>;
  if (labels.length === 1) return <>{refName(labels[0]!, language)}</>;
  return (
    <Flex gap={4} wrap>
      {labels.map((label) => (
        <Tag key={label.id}>{refName(label, language)}</Tag>
      ))}
    </Flex>
  );
}

/** Opens a row: a real button, so the keyboard reaches it (rows have no route of their own). */
export function OpenButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button
      type="link"
      onClick={onClick}
      // A long key ("materialTest.validityMonths") may wrap, so the list's other columns keep their room.
      style={{
        padding: 0,
        height: 'auto',
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
        textAlign: 'start',
      }}
      data-testid="config-open"
    >
      {children}
    </Button>
  );
}

export function StatusBadges({ row, t }: { row: Pick<ConfigRow, 'active' | 'valid'>; t: TFunction }) {
  return (
    <Flex gap={8} wrap>
      <Badge
        status={row.active === 1 ? 'success' : 'default'}
        text={row.active === 1 ? t('config.active') : t('config.frozen')}
      />
      {row.valid === 0 ? <Badge status="error" text={t('config.deleted')} /> : null}
    </Flex>
  );
}

function fieldColumn(list: ConfigListDef, field: FieldDef, ctx: ColumnContext): TableColumn<ConfigRow>[] {
  const search = list.search.find((s) => s.field === field.name);
  const base: TableColumn<ConfigRow> = {
    key: field.name,
    title: both(field),
    dataIndex: field.name,
    hideInSearch: !search || search.match === 'range',
    hideInTable: !inTable(field),
  };
  const type = valueTypeOf(field);
  if (type) base.valueType = type;
  if (field.type === 'decimal') base.precision = field.scale ?? 2;
  if (field.type === 'int' || field.type === 'decimal') base.align = 'right';
  if (field.type === 'enum') base.options = enumOptions(ctx.enumerations, field.enum);
  if (field.type === 'ref' || (field.type === 'array' && field.ref)) {
    base.render = (_value, row) => <RefNames labels={row.refs[field.name]} language={ctx.language} />;
    if (search) base.renderFormItem = (props) => ctx.refInput(field, props);
  } else if (field.type === 'array') {
    base.render = (value) =>
      Array.isArray(value) && value.length > 0 ? (
        <Flex gap={4} wrap>
          {value.map((item) => (
            <Tag key={String(item)}>{String(item)}</Tag>
          ))}
        </Flex>
      ) : (
        '-'
      );
  } else if (field.type === 'json') {
    base.render = (value) => (Array.isArray(value) ? <RowCount count={value.length} /> : '-');
  } else if (field.type === 'text' || field.type === 'textEn' || field.type === 'email') {
    base.ellipsis = true;
  }
  if (configSorts(list).includes(field.name)) base.sort = field.name;
  // The display order matters least on a tablet; the column settings bring it back.
  if (field.name === 'sort') base.showFrom = 'xl';
  if (field.name === keyField(list)) {
    base.render = (value, row) => (
      <OpenButton onClick={() => ctx.onOpen(row)}>{String(value ?? '-')}</OpenButton>
    );
  }
  const columns = [base];
  if (search?.match === 'range') {
    columns.push({
      key: `${field.name}Range`,
      searchKey: `${field.name}Range`,
      title: both(field),
      valueType: 'dateRange',
      hideInTable: true,
    });
  }
  return columns;
}

function RowCount({ count }: { count: number }) {
  return <Typography.Text type="secondary">{count}</Typography.Text>;
}

/** The column array of a list: search-only keyword first, then the fields, then status and audit. */
export function configColumns(
  list: ConfigListDef,
  ctx: ColumnContext,
  t: TFunction,
): TableColumn<ConfigRow>[] {
  const columns: TableColumn<ConfigRow>[] = [
    {
      key: 'keyword',
      title: CONFIG_FIELD_LABELS.keyword!,
      searchKey: 'keyword',
      hideInTable: true,
    },
  ];
  for (const field of editableFields(list)) columns.push(...fieldColumn(list, field, ctx));
  columns.push({
    key: 'active',
    title: (t) => t('config.status'),
    dataIndex: 'active',
    valueType: 'select',
    options: [
      { value: 1, label: (t) => t('config.active') },
      { value: 0, label: (t) => t('config.frozen') },
    ],
    hideInSearch: !ctx.extend,
    render: (_value, row) => <StatusBadges row={row} t={t} />,
  });
  if (ctx.extend) {
    columns.push({
      key: 'deleted',
      title: (t) => t('config.showDeleted'),
      searchKey: 'deleted',
      valueType: 'bool',
      hideInTable: true,
      // Deleted rows are listed on their own (DOMAIN.md §0: only to undelete them).
      searchTransform: (value) => (value === true ? { valid: 0 } : {}),
    });
  }
  return columns;
}
