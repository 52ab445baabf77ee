import { PlusOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { DataTable } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { currentLanguage } from '../../i18n/i18n';
import { type ClientRow, clientsSearchKey, exportClients, requestClients, useSalesSearch } from './api';
import { clientColumns } from './client-columns';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

/** Spec §2 Client: the clients in the caller's scope (sales see their department). */
export function ClientListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const salesSearch = useSalesSearch();
  const admin = hasPermission(session, 'client.admin');
  const columns = useMemo(
    () => clientColumns({ language, t, salesSearch, admin }),
    [language, t, salesSearch, admin],
  );

  return (
    <Card title={<h1 style={heading}>{t('client.title')}</h1>}>
      <DataTable<ClientRow>
        columns={columns}
        rowKey="id"
        queryKey={clientsSearchKey}
        request={requestClients}
        cardTitle={(row) => <Link to={`/${language}/client/${row.id}`}>{row.name}</Link>}
        exportButton={(filters) => (
          <ExportButton exportFn={exportClients} filters={filters} data-testid="client-export" />
        )}
        toolbar={
          <>
            {hasPermission(session, 'client.edit') ? (
              <ButtonLink
                type="primary"
                icon={<PlusOutlined />}
                to={`/${language}/client/new`}
                data-testid="client-create"
              >
                {t('client.create')}
              </ButtonLink>
            ) : null}
          </>
        }
      />
    </Card>
  );
}
