import { DownloadOutlined } from '@ant-design/icons';
import { type ConfigListDef, configFieldLabel, editableFields } from '@qcdesk/contract/config-lists';
import { Alert, Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { notify } from '../../components/notify';
import type { Filters } from '../../components/table-columns';
import { UploadPicker } from '../../components/upload-picker';
import { languageOf } from '../../components/widgets-i18n';
import { exportRows, type ImportError, useImportRows } from './api';

/** The import's body limit (contract `importInput`: base64 of at most 1,000,000 characters). */
export const IMPORT_MAX_BASE64 = 1_000_000;

/** Saves a base64 file the server answered, under its name. */
export function downloadBase64(fileName: string, contentType: string, content: string): void {
  const bytes = Uint8Array.from(atob(content), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

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

/**
 * Creates or updates rows from a workbook laid out as the export. Nothing is written when any row is
 * bad: the refusal lists each bad cell (row, field, why) in a table.
 */
export function ConfigImportButton({ list }: { list: ConfigListDef }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const importRows = useImportRows(list.name);
  const [refusal, setRefusal] = useState<{ message: string; errors: ImportError[] } | null>(null);
  const fields = editableFields(list);
  const label = (name: string) => {
    const field = fields.find((f) => f.name === name);
    if (field) return configFieldLabel(field, language);
    return name === 'active' ? t('config.status') : name;
  };

  const pick = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.xlsx')) {
      notify('error', t('config.importXlsxOnly'));
      return;
    }
    const content = await readBase64(file);
    if (content.length > IMPORT_MAX_BASE64) {
      notify('error', t('config.importTooLarge'));
      return;
    }
    importRows.mutate(
      { content },
      {
        onSuccess: (answer) =>
          notify('success', t('config.imported', { created: answer.created, updated: answer.updated })),
        onError: (error) => {
          const errors = isApiError(error)
            ? (error.data as { errors?: ImportError[] } | undefined)?.errors
            : undefined;
          if (isApiError(error) && error.reason === 'E_IMPORT_ROWS' && errors) {
            setRefusal({ message: error.message, errors });
          } else {
            notify('error', isApiError(error) ? error.message : String(error));
          }
        },
      },
    );
  };

  return (
    <>
      <UploadPicker onPick={(files) => void pick(files)} disabled={importRows.isPending}>
        {t('config.import')}
      </UploadPicker>
      <Modal
        open={refusal !== null}
        title={t('config.importRefused')}
        onCancel={() => setRefusal(null)}
        footer={
          <Button type="primary" onClick={() => setRefusal(null)}>
            {t('config.close')}
          </Button>
        }
        width={720}
      >
        <div data-testid="config-import-errors">
          <Alert type="error" showIcon title={refusal?.message} style={{ marginBottom: 12 }} />
          <Table<ImportError>
            size="small"
            rowKey={(e) => `${e.row}:${e.field}:${e.reason}`}
            dataSource={refusal?.errors ?? []}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'row', title: t('config.importRow'), dataIndex: 'row', width: 80 },
              { key: 'field', title: t('config.importField'), render: (_v, e) => label(e.field) },
              { key: 'message', title: t('config.importMessage'), dataIndex: 'message' },
            ]}
          />
        </div>
      </Modal>
    </>
  );
}
