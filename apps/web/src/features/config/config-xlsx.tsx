import { DownloadOutlined } from '@ant-design/icons';
import { type ConfigListDef, configFieldLabel, editableFields } from '@qcdesk/contract/config-lists';
import { Alert, Button, Flex, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { notify } from '../../components/notify';
import type { Filters } from '../../components/table-columns';
import { UploadPicker } from '../../components/upload-picker';
import { languageOf } from '../../components/widgets-i18n';
import { downloadBase64 } from '../../lib/download-file';
import { exportRows, type ImportError, useImportRows } from './api';

/** The chooser of an import offers workbooks only. */
const XLSX_ONLY = ['xlsx'] as const;

/** The import's body limit (contract `importInput`: base64 of at most 1,000,000 characters). */
export const IMPORT_MAX_BASE64 = 1_000_000;

/** A picked file as base64, without the data-URL prefix. */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The rows of the current search as an XLSX workbook (frozen rows included; deleted ones when listed). */
export function ConfigExportButton({ list, filters }: { list: ConfigListDef; filters: () => Filters }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await exportRows(list.name, filters());
      downloadBase64(file.fileName, file.contentType, file.content);
      notify('success', t('config.exported', { count: file.rows }));
    } catch {
      // The client toasts the refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid="config-export">
      {t('config.export')}
    </Button>
  );
}

/** What a preview found: the file, what importing it would do, and its bad cells. */
interface ImportPlan {
  fileName: string;
  content: string;
  created: number;
  updated: number;
  errors: ImportError[];
}

/**
 * Creates or updates rows from a workbook laid out as the export (headed by the column labels in
 * either language, or the field keys). The chooser offers .xlsx only; a picked workbook is checked
 * first (a preview that writes nothing) and shows what it would create and update, or each bad cell
 * (row, column, why) — and only an error-free preview can be applied. Nothing is written when any
 * row is bad.
 */
export function ConfigImportButton({ list }: { list: ConfigListDef }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const importRows = useImportRows(list.name);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const fields = editableFields(list);
  const label = (name: string) => {
    const field = fields.find((f) => f.name === name);
    if (field) return configFieldLabel(field, language);
    return name === 'active' ? t('config.status') : name;
  };
  const failed = (error: unknown) => notify('error', isApiError(error) ? error.message : String(error));

  const pick = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const content = await readBase64(file);
    if (content.length > IMPORT_MAX_BASE64) {
      notify('error', t('config.importTooLarge'));
      return;
    }
    importRows.mutate(
      { content, preview: true },
      {
        onSuccess: (answer) =>
          setPlan({
            fileName: file.name,
            content,
            created: answer.created,
            updated: answer.updated,
            errors: answer.errors ?? [],
          }),
        onError: failed,
      },
    );
  };

  const apply = (current: ImportPlan) =>
    importRows.mutate(
      { content: current.content },
      {
        onSuccess: (answer) => {
          setPlan(null);
          notify('success', t('config.imported', { created: answer.created, updated: answer.updated }));
        },
        onError: (error) => {
          // The rows changed since the preview: show what is wrong now.
          const errors = isApiError(error)
            ? (error.data as { errors?: ImportError[] } | undefined)?.errors
            : undefined;
          if (isApiError(error) && error.reason === 'E_IMPORT_ROWS' && errors)
            setPlan({ ...current, errors });
          else failed(error);
        },
      },
    );

  const errors = plan?.errors ?? [];
  const nothing = plan !== null && errors.length === 0 && plan.created + plan.updated === 0;
  const summary =
    errors.length === 1
      ? t('config.importErrorOne')
      : errors.length > 1
        ? t('config.importErrorMany', { count: errors.length })
        : nothing
          ? t('config.importNothing')
          : t('config.importPlan', { created: plan?.created ?? 0, updated: plan?.updated ?? 0 });

  return (
    <>
      <UploadPicker
        extensions={XLSX_ONLY}
        onPick={(files) => void pick(files)}
        disabled={importRows.isPending}
      >
        {t('config.import')}
      </UploadPicker>
      <Modal
        open={plan !== null}
        title={t('config.importPreview', { file: plan?.fileName ?? '' })}
        onCancel={() => setPlan(null)}
        footer={
          <Flex gap={8} justify="flex-end">
            <Button onClick={() => setPlan(null)}>
              {errors.length > 0 ? t('config.close') : t('config.cancel')}
            </Button>
            {errors.length === 0 && !nothing && plan ? (
              <Button
                type="primary"
                loading={importRows.isPending}
                onClick={() => apply(plan)}
                data-testid="config-import-apply"
              >
                {t('config.importApply')}
              </Button>
            ) : null}
          </Flex>
        }
        width={720}
      >
        <div data-testid="config-import-preview">
          <Alert
            type={errors.length > 0 ? 'error' : nothing ? 'warning' : 'info'}
            showIcon
            title={summary}
            style={{ marginBottom: errors.length > 0 ? 12 : 0 }}
          />
          {errors.length > 0 ? (
            <Table<ImportError>
              data-testid="config-import-errors"
              size="small"
              rowKey={(e) => `${e.row}:${e.field}:${e.reason}`}
              dataSource={errors}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'row', title: t('config.importRow'), dataIndex: 'row', width: 80 },
                { key: 'field', title: t('config.importField'), render: (_v, e) => label(e.field) },
                { key: 'message', title: t('config.importMessage'), dataIndex: 'message' },
              ]}
            />
          ) : null}
        </div>
      </Modal>
    </>
  );
}
