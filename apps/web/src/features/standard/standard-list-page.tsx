import { PlusOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { DataTable } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { currentLanguage } from '../../i18n/i18n';
import {
  type StandardKind,
  type StandardRow,
  standardPath,
  standardsExport,
  standardsRequest,
  standardsSearchKey,
} from './api';
import { standardColumns } from './standard-columns';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

function StandardListPage({ kind }: { kind: StandardKind }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const canEdit = hasPermission(session, 'standard.edit');
  const columns = useMemo(
    () => standardColumns({ kind, language, t, canEdit }),
    [kind, language, t, canEdit],
  );
  const request = useMemo(() => standardsRequest(kind), [kind]);
  const exportFn = useMemo(() => standardsExport(kind), [kind]);
  const queryKey = useMemo(() => standardsSearchKey(kind), [kind]);
  const base = `/${language}/${standardPath(kind)}`;

  return (
    <Card
      title={
        <h1 style={heading}>{kind === 'common' ? t('standard.commonTitle') : t('standard.countryTitle')}</h1>
      }
    >
      <DataTable<StandardRow>
        key={kind}
        columns={columns}
        rowKey="id"
        queryKey={queryKey}
        request={request}
        exportButton={(filters) => (
          <ExportButton exportFn={exportFn} filters={filters} data-testid="standard-export" />
        )}
        toolbar={
          <>
            {canEdit ? (
              <ButtonLink
                type="primary"
                icon={<PlusOutlined />}
                to={`${base}/new`}
                data-testid="standard-create"
              >
                {kind === 'common' ? t('standard.createCommon') : t('standard.createCountry')}
              </ButtonLink>
            ) : null}
          </>
        }
      />
    </Card>
  );
}

/** Spec §2 StandardCommon (`standard/common`): the common standards by name. */
export function CommonStandardListPage() {
  return <StandardListPage kind="common" />;
}

/** Spec §2 StandardCountry (`standard/country`): the country standards by name and country. */
export function CountryStandardListPage() {
  return <StandardListPage kind="country" />;
}
