/**
 * A list of stored files (contract files, report files, …): the display name (the text after the
 * file marker, DOMAIN.md §2.4), size (spec §9), update time, and delete after a confirmation. It
 * only shows: the area loads the files and deletes them with its own operation.
 *
 * Images with a thumbnail (the files area's `thumbnailUrl`) show it in place of the file icon.
 *
 * FileList props: files ({id, name, size, updateTime, url?, thumbnailUrl?}[]), onDelete?(file) (no delete column
 * without it), loading?, emptyText?
 */
import { DeleteOutlined, FileOutlined } from '@ant-design/icons';
import { fileDisplayName } from '@qcdesk/contract/files';
import { Button, Space, Table } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileHref } from '../api/upload';
import type { shareFileEn } from '../i18n/share-file.en';
import { formatDateTime, formatFileSize } from '../lib/format';
import { useConfirm } from './confirm-dialog';

export interface FileListItem {
  id: string;
  /** The stored name; the list shows the part after the file marker. */
  name: string;
  size: number;
  updateTime: string;
  /** Where the name links to (a signed download URL), when the area has one. */
  url?: string | undefined;
  /** A signed thumbnail URL (images only). */
  thumbnailUrl?: string | null | undefined;
}

export interface FileListProps {
  files: readonly FileListItem[];
  onDelete?: ((file: FileListItem) => void | Promise<void>) | undefined;
  loading?: boolean;
  emptyText?: ReactNode;
}

type FileListKey = `shareFile.fileList.${keyof (typeof shareFileEn)['fileList'] & string}`;

// Keys are written literally (t('shareFile.fileList.name')) so the i18n key scan finds them.
function useFileListTranslation() {
  const { t } = useTranslation();
  return t as unknown as (key: FileListKey, values?: Record<string, string>) => string;
}

export function FileList({ files, onDelete, loading = false, emptyText }: FileListProps) {
  const t = useFileListTranslation();
  const [confirm, holder] = useConfirm();
  const [deleting, setDeleting] = useState<string | null>(null);

  const remove = async (file: FileListItem) => {
    const name = fileDisplayName(file.name);
    if (
      !onDelete ||
      !(await confirm({ danger: true, content: t('shareFile.fileList.confirmDelete', { name }) }))
    ) {
      return;
    }
    setDeleting(file.id);
    try {
      await onDelete(file);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      {holder}
      <Table<FileListItem>
        rowKey="id"
        size="small"
        pagination={false}
        loading={loading}
        dataSource={[...files]}
        locale={{ emptyText: emptyText ?? t('shareFile.fileList.empty') }}
        columns={[
          {
            key: 'name',
            title: t('shareFile.fileList.name'),
            render: (_, file) => {
              const name = fileDisplayName(file.name);
              return (
                <Space>
                  {file.thumbnailUrl ? (
                    <img
                      src={fileHref(file.thumbnailUrl)}
                      alt=""
                      width={32}
                      height={32}
                      loading="lazy"
                      style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
                    />
                  ) : (
                    <FileOutlined aria-hidden />
                  )}
                  {file.url ? (
                    <a href={file.url} download={name} style={{ wordBreak: 'break-all' }}>
                      {name}
                    </a>
                  ) : (
                    <span style={{ wordBreak: 'break-all' }}>{name}</span>
                  )}
                </Space>
              );
            },
          },
          {
            key: 'size',
            title: t('shareFile.fileList.size'),
            align: 'right',
            width: 110,
            render: (_, file) => formatFileSize(file.size),
          },
          {
            key: 'updateTime',
            title: t('shareFile.fileList.updated'),
            width: 170,
            responsive: ['sm'],
            render: (_, file) => <time dateTime={file.updateTime}>{formatDateTime(file.updateTime)}</time>,
          },
          ...(onDelete
            ? [
                {
                  key: 'actions',
                  title: t('shareFile.fileList.actions'),
                  width: 90,
                  align: 'center' as const,
                  render: (_: unknown, file: FileListItem) => (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      loading={deleting === file.id}
                      aria-label={t('shareFile.fileList.deleteFile', { name: fileDisplayName(file.name) })}
                      title={t('shareFile.fileList.delete')}
                      onClick={() => void remove(file)}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
