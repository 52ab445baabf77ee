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
import { exportMaterials, type MaterialRow, materialsSearchKey, requestMaterials } from './api';
import { materialColumns } from './material-columns';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

/** Spec §2 Material: materials by UPC, name, type and whether they need testing. */
export function MaterialListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const canEdit = hasPermission(session, 'material.edit');
  const columns = useMemo(() => materialColumns({ language, t, canEdit }), [language, t, canEdit]);

  return (
    <Card title={<h1 style={heading}>{t('material.title')}</h1>}>
      <DataTable<MaterialRow>
        columns={columns}
        rowKey="id"
        queryKey={materialsSearchKey}
        request={requestMaterials}
        cardTitle={(row) => (
          <Link to={`/${language}/material/${row.id}`}>
            {row.upc} · {row.name}
          </Link>
        )}
        exportButton={(filters) => (
          <ExportButton exportFn={exportMaterials} filters={filters} data-testid="material-export" />
        )}
        toolbar={
          <>
            {canEdit ? (
              <ButtonLink
                type="primary"
                icon={<PlusOutlined />}
                to={`/${language}/material/new`}
                data-testid="material-create"
              >
                {t('material.create')}
              </ButtonLink>
            ) : null}
          </>
        }
      />
    </Card>
  );
}
