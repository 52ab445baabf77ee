/**
 * The switch every record page makes (spec §2 `<area>/{id}`): `new` creates (403 without the edit
 * permission), otherwise the record loads; `?edit=1` opens the form when the server says the caller
 * may modify it and it is not deleted, and anything else shows the record.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Result } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { currentLanguage } from '../../i18n/i18n';
import { DetailLoadFailed, DetailLoading, FormCard } from '../detail-states';
import { notify } from '../notify';
import type { RecordFormProps } from './use-record-form';

interface Loaded<R> {
  data: R;
  modify?: boolean;
}

export interface RecordView<R> {
  record: R;
  /** The server's word on whether the caller may modify this record (DOMAIN.md §5.4). */
  modify: boolean;
  /** `?edit=1` was asked for a record the caller may not modify. */
  editRefused: boolean;
}

export interface RecordRouteTexts<R> {
  createTitle: string;
  editTitle: (record: R) => string;
  createdDone: string;
  loadFailed: string;
}

export function RecordRoute<R extends { id: string; version: number; valid?: number }>({
  path,
  permission,
  useRecord,
  onStale,
  texts,
  form,
  view,
  create,
  editsDeleted = false,
}: {
  /** The list's path under the language, e.g. `material` or `standard/common`. */
  path: string;
  /** The permission that creates and modifies. */
  permission: string;
  useRecord: (id: string | undefined) => UseQueryResult<Loaded<R>, Error>;
  /** Reloads the record (the form found it stale). */
  onStale: () => void;
  texts: RecordRouteTexts<R>;
  form: (props: RecordFormProps<R>) => ReactNode;
  view: (state: RecordView<R>) => ReactNode;
  /** A page of its own for `new` (one that must load something first); the form in a card otherwise. */
  create?: (props: RecordFormProps<R>) => ReactNode;
  /** A deleted record may still be modified (users: to lock or correct them). */
  editsDeleted?: boolean;
}) {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const creating = id === 'new';
  const query = useRecord(creating ? undefined : id);
  const base = `/${currentLanguage()}/${path}`;
  const mayEdit = hasPermission(session, permission);

  if (creating) {
    if (!mayEdit) return <Result status="403" title={t('invalidate.title')} />;
    const props: RecordFormProps<R> = {
      onDone: (newId) => {
        notify('success', texts.createdDone);
        void navigate(`${base}/${newId}`, { replace: true });
      },
      onCancel: () => void navigate(base),
    };
    return create ? create(props) : <FormCard title={texts.createTitle}>{form(props)}</FormCard>;
  }
  if (query.isPending) return <DetailLoading />;
  if (query.isError) {
    return (
      <DetailLoadFailed
        title={texts.loadFailed}
        message={query.error.message}
        backTo={base}
        backLabel={t('common.backToList')}
      />
    );
  }
  const record = query.data.data;
  const modify = query.data.modify ?? false;
  const editRequested = params.get('edit') === '1';
  if (editRequested && modify && mayEdit && (editsDeleted || record.valid !== 0)) {
    return (
      <FormCard title={texts.editTitle(record)}>
        <Fragment key={record.version}>
          {form({
            record,
            onStale,
            onDone: () => {
              notify('success', t('common.saved'));
              void navigate(`${base}/${record.id}`, { replace: true });
            },
            onCancel: () => void navigate(`${base}/${record.id}`),
          })}
        </Fragment>
      </FormCard>
    );
  }
  return view({ record, modify, editRefused: editRequested && !modify });
}
