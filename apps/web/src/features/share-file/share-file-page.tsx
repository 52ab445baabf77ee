import { DownloadOutlined, FileImageOutlined, FileOutlined, LockOutlined } from '@ant-design/icons';
import type { SharedFile } from '@qcdesk/contract/files';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Layout,
  Result,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/api-error';
import { ButtonLink } from '../../components/button-link';
import { toast } from '../../components/toast';
import { i18n } from '../../i18n/i18n';
import { preferredLanguage } from '../../i18n/language';
import { formatDate, formatFileSize } from '../../lib/format';
import { downloadShared, saveBlob, useShareInfo } from './api';
import { type ShareFileT, useShareFileTranslation } from './share-file-i18n';

function PasswordForm({
  t,
  error,
  onSubmit,
}: {
  t: ShareFileT;
  error: string | undefined;
  onSubmit: (password: string) => void;
}) {
  return (
    <Flex vertical gap={16} style={{ maxWidth: 360, margin: '0 auto' }}>
      <Flex vertical align="center" gap={4}>
        <LockOutlined style={{ fontSize: 32 }} aria-hidden />
        <h1 style={{ fontSize: 20, margin: 0 }}>{t('shareFile.passwordTitle')}</h1>
        <Typography.Text type="secondary">{t('shareFile.passwordHint')}</Typography.Text>
      </Flex>
      <Form
        layout="vertical"
        requiredMark={false}
        onFinish={(values: { password: string }) => onSubmit(values.password)}
      >
        <Form.Item
          name="password"
          label={t('shareFile.password')}
          rules={[{ required: true, whitespace: true, message: t('shareFile.passwordRequired') }]}
          {...(error ? { validateStatus: 'error' as const, help: error } : {})}
        >
          <Input.Password autoFocus autoComplete="off" data-testid="share-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block data-testid="share-open">
          {t('shareFile.open')}
        </Button>
      </Form>
    </Flex>
  );
}

/**
 * Spec §2 ShareFile (`/s/{id}`, no sign-in): the files of a short link, behind its password when it
 * has one; each file downloads on its own, or all of them as one zip made by the server (deflate
 * level 1). Texts follow the visitor's browser language, as the path has no language segment.
 */
export function ShareFilePage() {
  const { id = '' } = useParams();
  const { t, language } = useShareFileTranslation();
  const [password, setPassword] = useState<string>();
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const info = useShareInfo(id, password, language);

  useEffect(() => {
    const preferred = preferredLanguage();
    if (i18n.language !== preferred) void i18n.changeLanguage(preferred);
  }, []);

  const download = async (index?: number) => {
    setBusy(index ?? 'all');
    try {
      const { blob, name } = await downloadShared(id, password, index, language);
      saveBlob(blob, name);
      toast.success(t('shareFile.downloaded'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
      void info.refetch();
    }
  };

  // The same password again (after a lockout, or a retyped wrong one) asks again.
  const submitPassword = (next: string) => {
    if (next === password) void info.refetch();
    else setPassword(next);
  };

  let body: ReactNode;
  if (info.isPending) {
    body = <Skeleton active paragraph={{ rows: 4 }} aria-label={t('shareFile.loading')} />;
  } else if (info.isError && info.error.reason === 'E_SHARE_PASSWORD') {
    body = <PasswordForm t={t} error={info.error.message} onSubmit={submitPassword} />;
  } else if (info.isError && info.error.reason === 'E_LOCKED_OUT') {
    const seconds = (info.error.data as { retryAfter?: unknown } | undefined)?.retryAfter;
    const error = typeof seconds === 'number' ? t('shareFile.lockedOut', { seconds }) : info.error.message;
    body = <PasswordForm t={t} error={error} onSubmit={submitPassword} />;
  } else if (info.isError) {
    body = (
      <Result
        status="warning"
        title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('shareFile.unavailable')}</h1>}
        subTitle={isApiError(info.error) ? info.error.message : String(info.error)}
        extra={
          info.error.status === 0 ? (
            <Button onClick={() => void info.refetch()}>{t('shareFile.retry')}</Button>
          ) : (
            <ButtonLink to={`/${language}`}>{t('shareFile.home')}</ButtonLink>
          )
        }
        data-testid="share-file-unavailable"
      />
    );
  } else if (info.data.passwordRequired && info.data.files.length === 0) {
    body = <PasswordForm t={t} error={undefined} onSubmit={submitPassword} />;
  } else {
    const data = info.data;
    const remaining = data.limit === null ? null : Math.max(0, data.limit - data.used);
    body = (
      <Flex vertical gap={16}>
        <div>
          <h1 style={{ fontSize: 20, margin: '0 0 4px' }}>{data.sub || t('shareFile.defaultSubject')}</h1>
          <Space split="·" wrap>
            {data.expiresAt ? (
              <Typography.Text type="secondary">
                {t('shareFile.expires', { date: formatDate(data.expiresAt) })}
              </Typography.Text>
            ) : null}
            <Typography.Text type="secondary" data-testid="share-remaining">
              {remaining === null ? t('shareFile.unlimited') : t('shareFile.remaining', { count: remaining })}
            </Typography.Text>
          </Space>
        </div>
        {remaining === 0 ? <Alert type="warning" showIcon title={t('shareFile.unavailable')} /> : null}
        <Table<SharedFile>
          rowKey="index"
          size="middle"
          pagination={false}
          dataSource={data.files}
          aria-label={t('shareFile.files')}
          columns={[
            {
              key: 'name',
              title: t('shareFile.fileName'),
              render: (_, file) => (
                <Space>
                  {file.kind === 'image' ? <FileImageOutlined aria-hidden /> : <FileOutlined aria-hidden />}
                  <span style={{ wordBreak: 'break-all' }}>{file.name}</span>
                </Space>
              ),
            },
            {
              key: 'kind',
              title: t('shareFile.fileType'),
              responsive: ['sm'],
              render: (_, file) => (file.kind === 'image' ? t('shareFile.image') : t('shareFile.document')),
            },
            {
              key: 'size',
              title: t('shareFile.fileSize'),
              align: 'right',
              render: (_, file) => <span style={{ whiteSpace: 'nowrap' }}>{formatFileSize(file.size)}</span>,
            },
            {
              key: 'download',
              title: t('shareFile.download'),
              align: 'right',
              render: (_, file) => (
                <Button
                  icon={<DownloadOutlined />}
                  aria-label={t('shareFile.downloadFile', { name: file.name })}
                  loading={busy === file.index}
                  disabled={busy !== null || remaining === 0}
                  onClick={() => void download(file.index)}
                />
              ),
            },
          ]}
        />
        {data.files.length > 1 ? (
          <Flex justify="flex-end">
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={busy === 'all'}
              disabled={busy !== null || remaining === 0}
              onClick={() => void download()}
              data-testid="share-download-all"
            >
              {t('shareFile.downloadAll')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
    );
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Content>
        <Flex justify="center" style={{ padding: '48px 16px' }}>
          <Card
            title={t('shareFile.title')}
            style={{ width: '100%', maxWidth: 760 }}
            data-testid="share-file-page"
          >
            {body}
          </Card>
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
