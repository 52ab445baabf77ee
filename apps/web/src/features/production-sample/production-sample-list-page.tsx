import { createProductionSample } from '@qcdesk/contract/production-sample';
import { Segmented } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListPage } from '../../components/list-page';
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
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('view'));
  const columns = useMemo(() => productionSampleColumns({ language, t }), [language, t]);
  const request = useMemo(() => requestProductionSamples(view), [view]);

  return (
    <ListPage<ProductionSampleRow>
      title={t('production-sample.title')}
      testId="production-sample"
      above={
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
      }
      tableKey={view}
      columns={columns}
      rowKey="id"
      queryKey={[...productionSamplesSearchKey, view]}
      listKey={`productionsample:${view}`}
      request={request}
      exportTo={{ fn: exportProductionSamples, fixed: viewFilters(view) }}
      cardTitle={(row) => (
        <Link to={`/${language}/productionsample/${row.id}`}>
          {row.itemNo} | {row.client.name}
        </Link>
      )}
      create={{
        permission: createProductionSample.permission,
        to: 'productionsample/new',
        label: t('production-sample.create'),
      }}
    />
  );
}
