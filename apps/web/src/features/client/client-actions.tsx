import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { RecordLifecycleActions } from '../../components/record/record-lifecycle-actions';
import { currentLanguage } from '../../i18n/i18n';
import { type ClientDetail, useUpdateClient } from './api';
import { DownloadRequirementsButton } from './client-download-button';

/** A client's header buttons: Modify, its safety tests and requirement workbook, and client.admin's lifecycle changes. */
export function ClientActions({ client, modify }: { client: ClientDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const admin = hasPermission(session, 'client.admin');
  const name = { name: client.name };
  // Freeze, delete and undelete are client.admin's (DOMAIN.md §5.2); each carries the version read.
  return (
    <RecordLifecycleActions
      record={client}
      path="client"
      testId="client"
      edit={hasPermission(session, 'client.edit') && modify}
      allowed={{ freeze: admin && modify, delete: admin && modify, undelete: admin }}
      update={useUpdateClient()}
      texts={{
        freeze: {
          confirm: t('client.freezeConfirm', name),
          done: t('client.frozenDone'),
          label: t('client.freeze'),
        },
        unfreeze: {
          confirm: t('client.unfreezeConfirm', name),
          done: t('client.unfrozenDone'),
          label: t('client.unfreeze'),
        },
        delete: { confirm: t('client.deleteConfirm', name), done: t('client.deletedDone') },
        undelete: { confirm: t('client.undeleteConfirm', name), done: t('client.undeletedDone') },
      }}
    >
      <ButtonLink
        to={`/${language}/client/safetest/${client.id}`}
        icon={<SafetyCertificateOutlined />}
        data-testid="client-safetest"
      >
        {t('client.safetyTestsLink')}
      </ButtonLink>
      <DownloadRequirementsButton clientId={client.id} />
    </RecordLifecycleActions>
  );
}
