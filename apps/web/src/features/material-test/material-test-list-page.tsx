import { PlusOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission, routePermitted } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { DataTable } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { currentLanguage } from '../../i18n/i18n';
import {
  exportMaterialTests,
  type MaterialTestRow,
  materialTestsSearchKey,
  requestMaterialTests,
} from './api';
import { materialTestColumns } from './material-test-columns';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

/** Spec §2 MaterialTest: the tests valid in a date range, newest first. */
export function MaterialTestListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const canEdit = hasPermission(session, 'materialtest.edit');
  const materialLinks = session ? routePermitted(session, 'MaterialDetail') : false;
  const columns = useMemo(
    () => materialTestColumns({ language, t, materialLinks, canEdit }),
    [language, t, materialLinks, canEdit],
  );

  return (
    <Card title={<h1 style={heading}>{t('material-test.title')}</h1>}>
      <DataTable<MaterialTestRow>
        columns={columns}
        rowKey="id"
        queryKey={materialTestsSearchKey}
        request={requestMaterialTests}
        cardTitle={(row) => (
          <Link to={`/${language}/materialtest/${row.id}`}>
            {row.testNo} · {row.material.upc}
          </Link>
        )}
        exportButton={(filters) => (
          <ExportButton exportFn={exportMaterialTests} filters={filters} data-testid="material-test-export" />
        )}
        toolbar={
          <>
            {canEdit ? (
              <ButtonLink
                type="primary"
                icon={<PlusOutlined />}
                to={`/${language}/materialtest/new`}
                data-testid="material-test-create"
              >
                {t('material-test.create')}
              </ButtonLink>
            ) : null}
          </>
        }
      />
    </Card>
  );
}
