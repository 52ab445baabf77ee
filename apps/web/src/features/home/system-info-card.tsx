import { ReloadOutlined } from '@ant-design/icons';
import { DATE_FORMAT } from '@qcdesk/contract/constants';
import { Alert, Button, Card, Descriptions, type DescriptionsProps, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystemInfo } from './api';

function formatServerTime(value: string): string {
  const time = dayjs(value);
  return time.isValid() ? time.format(`${DATE_FORMAT} HH:mm:ss`) : value;
}

/** Product, version, server time and database: one public operation, end to end through the envelope. */
export function SystemInfoCard() {
  const { t } = useTranslation();
  const info = useSystemInfo();

  let body: ReactNode;
  if (info.isPending) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (info.isError) {
    body = <Alert type="error" showIcon title={t('home.failed')} description={info.error.message} />;
  } else {
    const items: DescriptionsProps['items'] = [
      { key: 'product', label: t('home.product'), children: info.data.product },
      { key: 'version', label: t('home.version'), children: info.data.version },
      {
        key: 'serverTime',
        label: t('home.serverTime'),
        children: <time dateTime={info.data.serverTime}>{formatServerTime(info.data.serverTime)}</time>,
      },
      { key: 'database', label: t('home.database'), children: <Tag>{info.data.database}</Tag> },
    ];
    body = (
      <Descriptions
        bordered
        column={1}
        size="middle"
        items={items}
        styles={{ label: { whiteSpace: 'nowrap' } }}
        data-testid="system-info"
      />
    );
  }

  return (
    <Card
      title={<h2 style={{ fontSize: 16, fontWeight: 600, margin: 0 }}>{t('home.title')}</h2>}
      extra={
        <Button icon={<ReloadOutlined />} loading={info.isFetching} onClick={() => void info.refetch()}>
          {t('home.refresh')}
        </Button>
      }
    >
      <p style={{ marginTop: 0, color: 'var(--ant-color-text-secondary)' }}>{t('home.intro')}</p>
      {body}
    </Card>
  );
}
