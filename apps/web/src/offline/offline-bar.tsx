import { CloudSyncOutlined, DisconnectOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Progress, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../components/notify';
import { currentLanguage } from '../i18n/i18n';
import type { OfflineKind } from './kind';
import type { ReportOutbox } from './outbox';
import { discardOutbox, outboxOf, pendingCounts, syncOutbox, syncProgress } from './reports';
import { useOfflineTick, useOnline } from './use-offline';
import { registerOfflineWorker, workerActive } from './worker';

/** "3 changes, 12 photos not yet sent" in the UI's language (null when nothing waits). */
function usePendingText(kind: OfflineKind, id: string): string | null {
  const { t } = useTranslation();
  const { changes, photos } = pendingCounts(kind, id);
  const parts = [
    ...(changes ? [t('inspection-report.offline.changes', { count: changes })] : []),
    ...(photos ? [t('inspection-report.offline.photos', { count: photos })] : []),
  ];
  if (!parts.length) return null;
  return t('inspection-report.offline.pending', {
    what: parts.join(t('inspection-report.offline.separator')),
  });
}

/** Each queued write beside what the server holds for the same parts (apply once holding again). */
function ConflictCards({
  kind,
  outbox,
  server,
  holding,
}: {
  kind: OfflineKind;
  outbox: ReportOutbox;
  server: object;
  holding: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const apply = async () => {
    const outcome = await syncOutbox(client, kind, outbox.reportId, true);
    if (outcome.kind === 'done') notify('success', t('inspection-report.offline.applied'));
  };
  const parts = kind.compare(outbox.entries, server as Record<string, unknown>, {
    t,
    language: currentLanguage(),
    client,
  });
  const column = (label: string, lines: string[], testId: string) => (
    <Flex vertical gap={2} style={{ flex: '1 1 150px', minWidth: 0 }} data-testid={testId}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {lines.map((line, index) => (
        <Typography.Text key={index} style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Typography.Text>
      ))}
    </Flex>
  );
  return (
    <Flex vertical gap={8} data-testid="offline-conflict">
      <Typography.Text strong type="danger">
        {t('inspection-report.offline.conflictTitle')}
      </Typography.Text>
      <Typography.Text>
        {holding
          ? t('inspection-report.offline.conflictHintHeld')
          : t('inspection-report.offline.conflictHint')}
      </Typography.Text>
      {parts.map((part, index) => (
        <Card key={index} size="small" title={part.title} data-testid="offline-conflict-card">
          <Flex wrap gap={12}>
            {column(t('inspection-report.offline.mine'), part.mine, 'offline-conflict-mine')}
            {column(t('inspection-report.offline.server'), part.server, 'offline-conflict-server')}
          </Flex>
        </Card>
      ))}
      <Flex gap={8} wrap>
        <Button type="primary" disabled={!holding} onClick={() => void apply()} data-testid="offline-apply">
          {t('inspection-report.offline.applyMine')}
        </Button>
        <Button
          danger
          onClick={() => void discardOutbox(kind, outbox.reportId)}
          data-testid="offline-discard"
        >
          {t('inspection-report.offline.discard')}
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * The report's offline state, sticky above its parts and readable one-handed on a phone: offline or
 * not, what waits to be sent, the upload's progress, and a conflict beside the server's values.
 */
export function OfflineBar({
  kind,
  report,
}: {
  kind: OfflineKind;
  report: { id: string; actions: readonly string[] };
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const client = useQueryClient();
  const online = useOnline();
  useOfflineTick();
  const outbox = outboxOf(kind, report.id);
  const pending = usePendingText(kind, report.id);
  const progress = syncProgress(kind, report.id);
  const [installed, setInstalled] = useState(workerActive);
  const [installing, setInstalling] = useState(false);
  // Only the checkout's holder keeps a report for offline use; anyone else sees the bar only while
  // something of theirs still waits to be sent or is in conflict.
  const holding = report.actions.includes('update');
  if (!outbox || (!holding && outbox.entries.length === 0 && !outbox.conflict)) return null;
  const install = async () => {
    setInstalling(true);
    setInstalled(await registerOfflineWorker());
    setInstalling(false);
  };
  const conflict = outbox.conflict && outbox.entries.length > 0;
  const status = progress
    ? progress.total > 0 && progress.done < progress.total
      ? t('inspection-report.offline.uploading', { done: progress.done, total: progress.total })
      : t('inspection-report.offline.sending')
    : (pending ??
      (!online
        ? t('inspection-report.offline.allSent')
        : installed
          ? t('inspection-report.offline.ready')
          : t('inspection-report.offline.notInstalled')));
  return (
    <>
      <div
        data-testid="offline-bar"
        data-online={online}
        data-pending={pending ? 'true' : 'false'}
        style={{
          // Under the shell's sticky header (64 px), over the parts.
          position: 'sticky',
          top: 72,
          zIndex: 9,
          padding: '10px 12px',
          borderRadius: token.borderRadiusLG,
          background: conflict
            ? token.colorErrorBg
            : pending || !online
              ? token.colorWarningBg
              : token.colorSuccessBg,
          border: `1px solid ${conflict ? token.colorErrorBorder : pending || !online ? token.colorWarningBorder : token.colorSuccessBorder}`,
          fontSize: 15,
        }}
      >
        <Flex vertical gap={8}>
          <Flex align="center" gap={8}>
            {online ? <CloudSyncOutlined /> : <DisconnectOutlined />}
            {online ? null : (
              <Typography.Text strong style={{ flex: 'none' }}>
                {t('inspection-report.offline.offline')}
              </Typography.Text>
            )}
            <Typography.Text data-testid="offline-pending" style={{ flex: '1 1 0', minWidth: 0 }}>
              {status}
            </Typography.Text>
            {online && pending && !progress && !conflict ? (
              <Button onClick={() => void syncOutbox(client, kind, report.id)} data-testid="offline-send">
                {t('inspection-report.offline.sendNow')}
              </Button>
            ) : null}
          </Flex>
          {online && !installed ? (
            <Button
              type="primary"
              block
              loading={installing}
              onClick={() => void install()}
              data-testid="offline-install"
            >
              {t('inspection-report.offline.install')}
            </Button>
          ) : null}
          {progress && progress.total > 0 ? (
            <Progress percent={Math.round((progress.done / progress.total) * 100)} size="small" />
          ) : null}
        </Flex>
      </div>
      {conflict ? (
        <Card size="small" style={{ borderColor: token.colorErrorBorder }} styles={{ body: { padding: 12 } }}>
          <ConflictCards
            kind={kind}
            outbox={outbox}
            server={report}
            holding={report.actions.includes('update')}
          />
        </Card>
      ) : null}
    </>
  );
}
