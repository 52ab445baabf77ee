import type { ConfigRow } from '@qcdesk/contract/config';
import {
  type ConfigListDef,
  configFieldLabel,
  editableFields,
  type FieldDef,
} from '@qcdesk/contract/config-lists';
import type { Language } from '@qcdesk/contract/messages';
import { Alert, Button, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { ChangeLogViewer } from '../../components/change-log-viewer';
import { useConfirm } from '../../components/confirm-dialog';
import { notify } from '../../components/notify';
import { languageOf } from '../../components/widgets-i18n';
import { formatDateTime, formatDecimal } from '../../lib/format';
import { type EnumerationMap, fetchChangeLog, fetchRow, useEnumerations, useUpdateRow } from './api';
import { RefNames, StatusBadges } from './config-columns';

const DASH = '-';

/** A value of a row for reading: enums by label, references by name, json rows as a small table. */
function FieldValue({
  field,
  row,
  value,
  enumerations,
  language,
  t,
}: {
  field: FieldDef;
  row?: ConfigRow;
  value: unknown;
  enumerations: EnumerationMap | undefined;
  language: Language;
  t: TFunction;
}) {
  if (field.type === 'ref' || (field.type === 'array' && field.ref)) {
    return <RefNames labels={row?.refs[field.name]} language={language} />;
  }
  if (value === null || value === undefined || value === '') return <>{DASH}</>;
  switch (field.type) {
    case 'bool':
      return <>{value ? t('config.yes') : t('config.no')}</>;
    case 'enum': {
      const item = enumerations?.[field.enum ?? '']?.find((e) => e.code === value);
      return <>{item ? item[language] : String(value)}</>;
    }
    case 'decimal':
      return <>{formatDecimal(Number(value), field.scale ?? 2)}</>;
    case 'array':
      return Array.isArray(value) && value.length > 0 ? (
        <Flex gap={4} wrap>
          {value.map((item) => (
            <Tag key={String(item)}>{String(item)}</Tag>
          ))}
        </Flex>
      ) : (
        DASH
      );
    case 'json': {
      const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
      if (rows.length === 0) return <>{DASH}</>;
      return (
        <Table<Record<string, unknown>>
          size="small"
          pagination={false}
          rowKey={(_r, index) => String(index)}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          columns={(field.fields ?? []).map((child) => ({
            key: child.name,
            title: configFieldLabel(child, language),
            render: (_: unknown, r: Record<string, unknown>) => (
              <FieldValue
                field={child}
                value={r[child.name]}
                enumerations={enumerations}
                language={language}
                t={t}
              />
            ),
          }))}
        />
      );
    }
    default:
      return <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</Typography.Text>;
  }
}

export interface ConfigRowDetailProps {
  list: ConfigListDef;
  row: ConfigRow;
  editable: boolean;
  onEdit: () => void;
  /** The row as the server answered it after an action (or reloaded). */
  onChanged: (row: ConfigRow) => void;
}

type Action = 'freeze' | 'activate' | 'delete' | 'undelete';

/**
 * One row: every field, its status, the actions the caller may take on it (modify, freeze or
 * activate, delete or undelete, each confirmed; delete in red) and its change log.
 */
export function ConfigRowDetail({ list, row, editable, onEdit, onChanged }: ConfigRowDetailProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const enumerations = useEnumerations();
  const update = useUpdateRow(list.name);
  const [confirm, confirmHolder] = useConfirm();
  const [failure, setFailure] = useState<string | null>(null);
  const name = (language === 'en' ? row.nameEn : row.nameZh) ?? row.code ?? '';

  const act = async (action: Action) => {
    const texts: Record<Action, { title: string; ok: string; done: string; danger?: boolean }> = {
      freeze: {
        title: t('config.freezeConfirm', { name }),
        ok: t('config.freeze'),
        done: t('config.frozenDone'),
      },
      activate: {
        title: t('config.activateConfirm', { name }),
        ok: t('config.activate'),
        done: t('config.activatedDone'),
      },
      delete: {
        title: t('config.deleteConfirm', { name }),
        ok: t('config.delete'),
        done: t('config.deletedDone'),
        danger: true,
      },
      undelete: {
        title: t('config.undeleteConfirm', { name }),
        ok: t('config.undelete'),
        done: t('config.undeletedDone'),
      },
    };
    const text = texts[action];
    const ok = await confirm({
      title: text.title,
      content: action === 'delete' ? t('config.deleteHint') : undefined,
      danger: text.danger ?? false,
      okText: text.ok,
    });
    if (!ok) return;
    setFailure(null);
    const change =
      action === 'freeze'
        ? { active: 0 }
        : action === 'activate'
          ? { active: 1 }
          : action === 'delete'
            ? { valid: 0 }
            : { valid: 1 };
    update.mutate(
      { id: row.id, version: row.version, ...change },
      {
        onSuccess: (saved) => {
          notify('success', text.done);
          onChanged(saved);
        },
        onError: async (error) => {
          setFailure(isApiError(error) ? error.message : String(error));
          if (isApiError(error) && error.reason === 'E_VERSION') {
            const fresh = await fetchRow(list.name, row.id);
            if (fresh) onChanged(fresh);
          }
        },
      },
    );
  };

  const fields = editableFields(list);
  return (
    <Flex vertical gap={16} style={{ paddingBottom: 24 }} data-testid="config-detail">
      {confirmHolder}
      {row.valid === 0 ? <Alert type="warning" showIcon title={t('config.isDeleted')} /> : null}
      {failure ? (
        <Alert type="error" showIcon title={failure} role="alert" data-testid="config-action-error" />
      ) : null}
      {editable ? (
        <Flex gap={8} wrap>
          {row.valid === 1 ? (
            <>
              <Button type="primary" onClick={onEdit} data-testid="config-edit">
                {t('config.edit')}
              </Button>
              <Button
                loading={update.isPending}
                onClick={() => void act(row.active === 1 ? 'freeze' : 'activate')}
                data-testid="config-freeze"
              >
                {row.active === 1 ? t('config.freeze') : t('config.activate')}
              </Button>
              <Button
                danger
                loading={update.isPending}
                onClick={() => void act('delete')}
                data-testid="config-delete"
              >
                {t('config.delete')}
              </Button>
            </>
          ) : (
            <Button
              loading={update.isPending}
              onClick={() => void act('undelete')}
              data-testid="config-undelete"
            >
              {t('config.undelete')}
            </Button>
          )}
        </Flex>
      ) : null}
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          ...fields.map((field) => ({
            key: field.name,
            label: configFieldLabel(field, language),
            children: (
              <FieldValue
                field={field}
                row={row}
                value={row[field.name]}
                enumerations={enumerations.data?.enumerations}
                language={language}
                t={t}
              />
            ),
          })),
          { key: 'status', label: t('config.status'), children: <StatusBadges row={row} t={t} /> },
          { key: 'createdAt', label: t('config.createdAt'), children: formatDateTime(row.createdAt) },
          { key: 'updatedAt', label: t('config.updatedAt'), children: formatDateTime(row.updatedAt) },
        ]}
      />
      <ChangeLogViewer
        entity={list.name}
        id={row.id}
        fetch={fetchChangeLog}
        fieldLabel={(field) => {
          const def = fields.find((f) => f.name === field);
          if (def) return configFieldLabel(def, language);
          if (field === 'active') return t('config.status');
          if (field === 'valid') return t('config.validity');
          return field;
        }}
      />
    </Flex>
  );
}
