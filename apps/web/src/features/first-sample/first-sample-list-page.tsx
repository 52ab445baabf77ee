import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../components/list-page';
import { currentLanguage } from '../../i18n/i18n';
import { exportFirstSamples, type FirstSampleRow, firstSamplesSearchKey, requestFirstSamples } from './api';
import { firstSampleColumns } from './first-sample-columns';

/** Spec §2 FirstSample: first samples in scope, newest first. */
export function FirstSampleListPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns = useMemo(() => firstSampleColumns({ language, t }), [language, t]);
  return (
    <ListPage<FirstSampleRow>
      title={t('first-sample.title')}
      testId="first-sample"
      columns={columns}
      rowKey="id"
      queryKey={firstSamplesSearchKey}
      request={requestFirstSamples}
      cardTitle={(row) => (
        <Link to={`/${language}/firstsample/${row.id}`}>
          {row.sampleNo} · {row.product.productNo}
        </Link>
      )}
      exportTo={{ fn: exportFirstSamples }}
      create={{ permission: 'firstsample.edit', to: 'firstsample/new', label: t('first-sample.create') }}
    />
  );
}
