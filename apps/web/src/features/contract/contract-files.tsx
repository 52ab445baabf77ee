import { FileOutlined, UndoOutlined } from '@ant-design/icons';
import { CONTRACT_FILE_RETENTION_DAYS } from '@qcdesk/contract/contract';
import { Button, Flex, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileHref } from '../../api/upload';
import { useConfirm } from '../../components/confirm-dialog';
import { EMPTY, userDisplayName } from '../../components/ref-labels';
import { RemoveButton } from '../../components/remove-button';
import { toast } from '../../components/toast';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { formatDateTime, formatFileSize } from '../../lib/format';
import { type ContractFile, useDeleteContractFile } from './api';

const days = String(CONTRACT_FILE_RETENTION_DAYS);

/**
 * The contract's files: name (a download link while valid), size, date, who uploaded; with
 * `modify`, delete after a confirmation and restore of deleted or replaced files (the server lists
 * those to contract.file.edit holders within the retention days).
 */
export function ContractFiles({
  orderId,
  files,
  modify,
}: {
  orderId: string;
  files: readonly ContractFile[];
  modify: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [confirm, holder] = useConfirm();
  const write = useDeleteContractFile();
  const phone = useIsPhone();
  const uploader = (file: ContractFile) =>
    file.uploadedBy ? userDisplayName(file.uploadedBy, language) : EMPTY;

  const remove = async (file: ContractFile) => {
    const ok = await confirm({
      danger: true,
      content: t('contract.confirmDelete', { name: file.name, days }),
    });
    if (!ok) return;
    await write.mutateAsync({ id: orderId, fileId: file.id, valid: 0 });
    toast.success(t('contract.deletedDone', { name: file.name }));
  };
  const restore = async (file: ContractFile) => {
    await write.mutateAsync({ id: orderId, fileId: file.id, valid: 1 });
    toast.success(t('contract.restoredDone', { name: file.name }));
  };

  return (
    <>
      {holder}
      <Table<ContractFile>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={[...files]}
        locale={{ emptyText: t('contract.filesNone') }}
        onRow={(file) =>
          ({
            'data-testid': 'contract-file',
            'data-valid': String(file.valid),
          }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            key: 'name',
            title: t('contract.name'),
            render: (_, file) => (
              <Flex vertical gap={2}>
                <Space wrap size={4}>
                  {phone ? null : <FileOutlined aria-hidden />}
                  {file.url && file.valid === 1 ? (
                    <a href={fileHref(file.url)} download={file.name} style={{ wordBreak: 'break-word' }}>
                      {file.name}
                    </a>
                  ) : (
                    <span style={{ wordBreak: 'break-word' }}>{file.name}</span>
                  )}
                  {file.valid === 0 ? <Tag color="red">{t('contract.deleted')}</Tag> : null}
                </Space>
                {/* Phones have no room for the date and uploader columns: they go under the name. */}
                {phone ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(file.updateTime)} · {uploader(file)}
                  </Typography.Text>
                ) : null}
              </Flex>
            ),
          },
          {
            key: 'size',
            title: t('contract.size'),
            align: 'right',
            width: phone ? 72 : 96,
            render: (_, file) => <span data-testid="contract-file-size">{formatFileSize(file.size)}</span>,
          },
          ...(phone
            ? []
            : [
                {
                  key: 'updated',
                  title: t('contract.updated'),
                  width: 160,
                  render: (_: unknown, file: ContractFile) => (
                    <time dateTime={file.updateTime}>{formatDateTime(file.updateTime)}</time>
                  ),
                },
                {
                  key: 'uploadedBy',
                  title: t('contract.uploadedBy'),
                  render: (_: unknown, file: ContractFile) => uploader(file),
                },
              ]),
          ...(modify
            ? [
                {
                  key: 'actions',
                  title: t('contract.actions'),
                  width: phone ? 56 : 110,
                  align: 'center' as const,
                  render: (_: unknown, file: ContractFile) =>
                    file.valid === 1 ? (
                      <RemoveButton
                        label={t('contract.deleteFile', { name: file.name })}
                        title={t('contract.delete')}
                        onClick={() => void remove(file)}
                      />
                    ) : (
                      <Button
                        type="link"
                        size="small"
                        icon={<UndoOutlined />}
                        aria-label={t('contract.restoreFile', { name: file.name })}
                        title={t('contract.restore')}
                        onClick={() => void restore(file)}
                      >
                        {phone ? null : t('contract.restore')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
