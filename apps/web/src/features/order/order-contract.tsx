import { Alert, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileList } from '../../components/file-list';
import { useOrderContract } from './api';

/**
 * The order's contract files (DOMAIN.md §4.14), listed only: the valid files by display name, with
 * their signed download links. Uploading and deleting belong to the contract screen.
 */
export function OrderContract({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const contract = useOrderContract(orderId);
  if (contract.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (contract.isError) return <Alert type="warning" showIcon title={contract.error.message} />;
  const files = contract.data.files
    .filter((file) => file.valid === 1)
    .map((file) => ({
      id: file.id,
      name: file.storedName,
      size: file.size,
      updateTime: file.updateTime,
      url: file.url ?? undefined,
    }));
  return (
    <div data-testid="order-contract">
      {contract.data.contractNo ? (
        <Typography.Paragraph>
          {t('order.contractNo')}: {contract.data.contractNo}
        </Typography.Paragraph>
      ) : null}
      <FileList files={files} emptyText={t('order.contractNone')} />
    </div>
  );
}
