import { DownloadOutlined } from '@ant-design/icons';
import { systemOpenApi } from '@qcdesk/contract/system';
import { Alert, Button, Card, Collapse, Empty, Flex, Input, Skeleton, Tag, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../api/use-operation';
import { type ApiOperation, areasOf, operationsOf } from './api-reference-model';

// The API reference (issue 32): the OpenAPI document of `system/openapi` for `api.docs` holders, by
// area, searchable, each operation with its permission and its input and output schemas; the whole
// document downloads as JSON for a client generator.

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;
const schemaStyle = {
  margin: 0,
  maxHeight: 320,
  overflow: 'auto',
  fontSize: 12,
  padding: 8,
  borderRadius: 6,
  background: 'rgba(0, 0, 0, 0.04)',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
} as const;

function download(document: unknown) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }),
  );
  const link = Object.assign(window.document.createElement('a'), {
    href: url,
    download: 'qcdesk-openapi.json',
  });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A schema as JSON, in a region that scrolls and can be reached and scrolled by keyboard. */
function Schema({ label, schema }: { label: string; schema: unknown }) {
  return (
    <section aria-label={label}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard (axe scrollable-region-focusable) */}
      <pre style={schemaStyle} tabIndex={0}>
        {JSON.stringify(schema, null, 2)}
      </pre>
    </section>
  );
}

function Operation({ op }: { op: ApiOperation }) {
  const { t } = useTranslation();
  const permission =
    op.permission === 'public'
      ? t('api-reference.public')
      : op.permission === 'signed-in'
        ? t('api-reference.signedIn')
        : [op.permission, ...op.alsoPermitted].join(' · ');
  return (
    <Flex vertical gap={4} style={{ padding: '8px 0' }} data-testid={`api-op-${op.path}`}>
      <Flex gap={8} wrap align="baseline">
        <Tag color={op.method === 'GET' ? 'blue' : 'purple'} style={{ margin: 0 }}>
          {op.method}
        </Tag>
        <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
          {op.path}
        </Typography.Text>
      </Flex>
      <Typography.Text>{op.summary}</Typography.Text>
      <Typography.Text type="secondary">
        {t('api-reference.permission')}: {permission}
      </Typography.Text>
      <Collapse
        size="small"
        ghost
        items={[
          {
            key: 'input',
            label: t('api-reference.input'),
            children: <Schema label={`${op.path} · ${t('api-reference.input')}`} schema={op.input} />,
          },
          {
            key: 'output',
            label: t('api-reference.output'),
            children: <Schema label={`${op.path} · ${t('api-reference.output')}`} schema={op.output} />,
          },
        ]}
      />
    </Flex>
  );
}

export function ApiReferencePage() {
  const { t } = useTranslation();
  const doc = useOperation(systemOpenApi, {});
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const operations = useMemo(() => operationsOf(doc.data), [doc.data]);
  const areas = useMemo(() => areasOf(operations, deferred), [operations, deferred]);
  const shown = areas.reduce((sum, a) => sum + a.operations.length, 0);
  return (
    <Card data-testid="api-reference">
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <h1 style={heading}>{t('api-reference.title')}</h1>
          <Button icon={<DownloadOutlined />} disabled={!doc.data} onClick={() => download(doc.data)}>
            {t('api-reference.download')}
          </Button>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('api-reference.intro')}
        </Typography.Paragraph>
        {doc.isError ? (
          <Alert type="error" showIcon title={t('api-reference.failed')} />
        ) : !doc.data ? (
          <Skeleton active />
        ) : (
          <>
            <Input.Search
              allowClear
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={t('api-reference.search')}
              aria-label={t('api-reference.search')}
            />
            <Typography.Text type="secondary" data-testid="api-count">
              {t('api-reference.count', { shown, total: operations.length })}
            </Typography.Text>
            {areas.length === 0 ? (
              <Empty description={t('api-reference.none')} />
            ) : (
              <Collapse
                // Searching opens what it found; otherwise each area opens on a click.
                {...(deferred.trim() ? { activeKey: areas.map((a) => a.area) } : {})}
                items={areas.map((a) => ({
                  key: a.area,
                  label: `${a.area} (${a.operations.length})`,
                  children: a.operations.map((op) => <Operation key={`${op.method} ${op.path}`} op={op} />),
                }))}
              />
            )}
          </>
        )}
      </Flex>
    </Card>
  );
}
