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
import { exportFirstSamples, type FirstSampleRow, firstSamplesSearchKey, requestFirstSamples } from './api';
import { firstSampleColumns } from './first-sample-columns';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

/** Spec §2 FirstSample: first samples in scope, newest first. */
export function FirstSampleListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const canEdit = hasPermission(session, 'firstsample.edit');
  const columns = useMemo(() => firstSampleColumns({ language, t }), [language, t]);

  return (
    <Card title={<h1 style={heading}>{t('first-sample.title')}</h1>}>
      <DataTable<FirstSampleRow>
        columns={columns}
        rowKey="id"
        queryKey={firstSamplesSearchKey}
        request={requestFirstSamples}
        cardTitle={(row) => (
          <Link to={`/${language}/firstsample/${row.id}`}>
            {row.sampleNo} · {row.product.productNo}
          </Link>
        )}
        exportButton={(filters) => (
          <ExportButton exportFn={exportFirstSamples} filters={filters} data-testid="first-sample-export" />
        )}
        toolbar={
          canEdit ? (
            <ButtonLink
              type="primary"
              icon={<PlusOutlined />}
              to={`/${language}/firstsample/new`}
              data-testid="first-sample-create"
            >
              {t('first-sample.create')}
            </ButtonLink>
          ) : null
        }
      />
    </Card>
  );
}
