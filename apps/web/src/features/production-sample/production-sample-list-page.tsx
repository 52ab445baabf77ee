import { PlusOutlined } from '@ant-design/icons';
import { createProductionSample } from '@qcdesk/contract/production-sample';
import { Card, Flex, Segmented } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { DataTable } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { currentLanguage } from '../../i18n/i18n';
import {
  exportProductionSamples,
  type ProductionSampleRow,
  productionSamplesSearchKey,
  requestProductionSamples,
  SAMPLE_VIEWS,
  type SampleView,
  viewFilters,
} from './api';
import { productionSampleColumns } from './production-sample-columns';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

const viewOf = (value: string | null): SampleView =>
  (SAMPLE_VIEWS as readonly string[]).includes(value ?? '') ? (value as SampleView) : 'all';

/**
 * Spec §2 ProductionSample (`productionsample`, and `orderproduct`, the same screen): the samples
 * by item no, client, department, received date and audit result, in three views — all, those
 * without an order (orderPlaced 0) and the audit results list (audited, status 20). `?view=` keeps
 * the view; each view remembers its own search.
 */
export function ProductionSampleListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('view'));
  const columns = useMemo(() => productionSampleColumns({ language, t }), [language, t]);
  const request = useMemo(() => requestProductionSamples(view), [view]);

  return (
    <Card title={<h1 style={heading}>{t('production-sample.title')}</h1>}>
      <Flex vertical gap={12}>
        <Segmented<SampleView>
          value={view}
          onChange={(next) => setParams(next === 'all' ? {} : { view: next })}
          options={[
            { value: 'all', label: t('production-sample.view.all') },
            { value: 'noOrder', label: t('production-sample.view.noOrder') },
            { value: 'audited', label: t('production-sample.view.audited') },
          ]}
          data-testid="production-sample-views"
        />
        <DataTable<ProductionSampleRow>
          key={view}
          columns={columns}
          rowKey="id"
          queryKey={[...productionSamplesSearchKey, view]}
          listKey={`productionsample:${view}`}
          request={request}
          exportButton={(filters) => (
            <ExportButton
              exportFn={exportProductionSamples}
              filters={{ ...filters, ...viewFilters(view) }}
              data-testid="production-sample-export"
            />
          )}
          cardTitle={(row) => (
            <Link to={`/${language}/productionsample/${row.id}`}>
              {row.itemNo} | {row.client.name}
            </Link>
          )}
          toolbar={
            hasPermission(session, createProductionSample.permission) ? (
              <ButtonLink
                type="primary"
                icon={<PlusOutlined />}
                to={`/${language}/productionsample/new`}
                data-testid="production-sample-create"
              >
                {t('production-sample.create')}
              </ButtonLink>
            ) : null
          }
        />
      </Flex>
    </Card>
  );
}
