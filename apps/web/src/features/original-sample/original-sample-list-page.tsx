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
import {
  exportOriginalSamples,
  type OriginalSampleRow,
  originalSamplesSearchKey,
  requestOriginalSamples,
} from './api';
import { OriginalSampleCartButton } from './original-sample-cart';
import { originalSampleColumns } from './original-sample-columns';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

/** Spec §2 OriginalSample: the clients' reference samples, complete ones first shown; with the cart. */
export function OriginalSampleListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const canEdit = hasPermission(session, 'originalsample.edit');
  const columns = useMemo(() => originalSampleColumns({ language, t, canEdit }), [language, t, canEdit]);

  return (
    <Card title={<h1 style={heading}>{t('original-sample.title')}</h1>}>
      <DataTable<OriginalSampleRow>
        columns={columns}
        rowKey="id"
        queryKey={originalSamplesSearchKey}
        request={requestOriginalSamples}
        cardTitle={(row) => (
          <Link to={`/${language}/originalsample/${row.id}`}>
            {row.itemNo} | {row.name}
          </Link>
        )}
        exportButton={(filters) => (
          <ExportButton
            exportFn={exportOriginalSamples}
            filters={filters}
            data-testid="original-sample-export"
          />
        )}
        toolbar={
          <>
            <OriginalSampleCartButton />
            {canEdit ? (
              <ButtonLink
                type="primary"
                icon={<PlusOutlined />}
                to={`/${language}/originalsample/new`}
                data-testid="original-sample-create"
              >
                {t('original-sample.create')}
              </ButtonLink>
            ) : null}
          </>
        }
      />
    </Card>
  );
}
