import { factorySeverities } from '@qcdesk/contract/inspection-report';
import { Card, Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { useOperation } from '../../api/use-operation';
import { subheading } from '../../components/record/record-card';
import { refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';

const COLORS = { normal: 'blue', tightened: 'red', reduced: 'green' } as const;

/**
 * "Sampling severity by factory" (ISO 2859-1 switching rules, issue 27): the current severity of each
 * factory × inspection type the client's reports count lots for. Shown to report readers only.
 */
/** Each severity's name, its key written out (app/i18n-keys.test.ts). */
const SEVERITY_TEXT: Record<string, (t: TFunction) => string> = {
  normal: (t) => t('client.severities.normal'),
  tightened: (t) => t('client.severities.tightened'),
  reduced: (t) => t('client.severities.reduced'),
};

export function ClientSeverities({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const reads = hasPermission(useSession(), 'insp.report.search');
  const query = useOperation(factorySeverities, { clientId }, { enabled: reads, silent: true });
  if (!reads) return null;
  return (
    <Card title={<h2 style={subheading}>{t('client.severities.title')}</h2>} data-testid="client-severities">
      <Table
        size="small"
        loading={query.isPending}
        pagination={false}
        scroll={{ x: true }}
        rowKey={(row) => `${row.factory.id}:${row.inspectionType.id}`}
        dataSource={query.data?.list ?? []}
        locale={{ emptyText: t('client.severities.none') }}
        columns={[
          {
            key: 'factory',
            title: t('client.severities.factory'),
            render: (_v, r) => refName(r.factory, language),
          },
          {
            key: 'type',
            title: t('client.severities.inspectionType'),
            render: (_v, r) => refName(r.inspectionType, language),
          },
          {
            key: 'severity',
            title: t('client.severities.severity'),
            render: (_v, r) => (
              <>
                <Tag color={COLORS[r.severity]}>{SEVERITY_TEXT[r.severity]?.(t) ?? r.severity}</Tag>
                {r.discontinued ? <Tag color="red">{t('client.severities.discontinued')}</Tag> : null}
              </>
            ),
          },
          { key: 'score', title: t('client.severities.score'), dataIndex: 'score', align: 'right' },
          { key: 'lots', title: t('client.severities.lots'), dataIndex: 'lots', align: 'right' },
        ]}
      />
    </Card>
  );
}
