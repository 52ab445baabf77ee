import { FolderOpenOutlined } from '@ant-design/icons';
import { Alert, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { FileList } from '../../components/file-list';
import { currentLanguage } from '../../i18n/i18n';
import { useOrderContract } from './api';

/**
 * The order's contract files (DOMAIN.md §4.14), listed only: the valid files by display name, with
 * their signed download links. Uploading and deleting belong to the contract screen, which
 * contract.file.edit holders open from here ("Manage files").
 */
export function OrderContract({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const contract = useOrderContract(orderId);
  const manage = hasPermission(useSession(), 'contract.file.edit');
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
      thumbnailUrl: file.thumbnailUrl,
    }));
  return (
    <div data-testid="order-contract">
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Typography.Text>
          {contract.data.contractNo ? `${t('order.contractNo')}: ${contract.data.contractNo}` : null}
        </Typography.Text>
        {manage ? (
          <ButtonLink to={`/${currentLanguage()}/contract/${orderId}`} icon={<FolderOpenOutlined />}>
            {t('order.contractManage')}
          </ButtonLink>
        ) : null}
      </Flex>
      <FileList files={files} emptyText={t('order.contractNone')} />
    </div>
  );
}
