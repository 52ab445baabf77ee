import { CONTRACT_FILE_RETENTION_DAYS } from '@qcdesk/contract/contract';
import { Alert, Card, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailLoadFailed, DetailLoading } from '../../components/detail-states';
import { RecordCard, subheading } from '../../components/record/record-card';
import { RecordLink } from '../../components/record/record-link';
import { EMPTY } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { type ContractDetail, useContract } from './api';
import { ContractFiles } from './contract-files';
import { ContractUpload } from './contract-upload';

function ContractView({ contract, modify }: { contract: ContractDetail; modify: boolean }) {
  const { t } = useTranslation();
  const { order } = contract;
  const valid = contract.files.filter((file) => file.valid === 1).length;
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="contract-detail"
        title={`${t('contract.title')} ${contract.contractNo ?? order.orderNo}`}
        tags={order.clientPo ? <Tag>{order.clientPo}</Tag> : null}
        actions={null}
        items={[
          {
            key: 'order',
            label: t('contract.order'),
            children: (
              <RecordLink route="OrderDetail" to={`order/${order.id}`}>
                {order.orderNo}
              </RecordLink>
            ),
          },
          { key: 'clientPo', label: t('contract.clientPo'), children: order.clientPo ?? EMPTY },
          {
            key: 'client',
            label: t('contract.client'),
            children: `${order.client.code} · ${order.client.name}`,
          },
          {
            key: 'contractNo',
            label: t('contract.contractNo'),
            children: contract.contractNo ?? t('contract.contractNone'),
          },
          { key: 'fileCount', label: t('contract.fileCount'), children: valid },
        ]}
      />
      <Card title={<h2 style={subheading}>{t('contract.files')}</h2>}>
        <Flex vertical gap={12}>
          <Alert
            type="info"
            showIcon
            title={t('contract.retention', { days: String(CONTRACT_FILE_RETENTION_DAYS) })}
          />
          {modify ? (
            <ContractUpload orderId={order.id} />
          ) : (
            <Alert type="warning" title={t('contract.readOnly')} />
          )}
          <ContractFiles orderId={order.id} files={contract.files} modify={modify} />
        </Flex>
      </Card>
    </Flex>
  );
}

/** Spec §2 Contract (`contract/{id}`, `{id}` the order): the order, its contract files, upload and delete. */
export function ContractPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const query = useContract(id);
  if (query.isPending) return <DetailLoading />;
  if (query.isError) {
    return (
      <DetailLoadFailed
        title={t('contract.loadFailed')}
        message={query.error.message}
        backTo={`/${currentLanguage()}/order${id ? `/${id}` : ''}`}
        backLabel={t('contract.backToOrder')}
      />
    );
  }
  return <ContractView contract={query.data.data} modify={query.data.modify === true} />;
}
