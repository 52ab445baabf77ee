import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ListPage } from '../../components/list-page';
import { currentLanguage } from '../../i18n/i18n';
import {
  exportOriginalSamples,
  type OriginalSampleRow,
  originalSamplesSearchKey,
  requestOriginalSamples,
} from './api';
import { OriginalSampleCartButton } from './original-sample-cart';
import { originalSampleColumns } from './original-sample-columns';

/** Spec §2 OriginalSample: the clients' reference samples, complete ones first shown; with the cart. */
export function OriginalSampleListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const canEdit = hasPermission(session, 'originalsample.edit');
  const columns = useMemo(() => originalSampleColumns({ language, t, canEdit }), [language, t, canEdit]);
  return (
    <ListPage<OriginalSampleRow>
      title={t('original-sample.title')}
      testId="original-sample"
      columns={columns}
      rowKey="id"
      queryKey={originalSamplesSearchKey}
      request={requestOriginalSamples}
      cardTitle={(row) => (
        <Link to={`/${language}/originalsample/${row.id}`}>
          {row.itemNo} | {row.name}
        </Link>
      )}
      exportTo={{ fn: exportOriginalSamples }}
      toolbar={<OriginalSampleCartButton />}
      create={{
        permission: 'originalsample.edit',
        to: 'originalsample/new',
        label: t('original-sample.create'),
      }}
    />
  );
}
