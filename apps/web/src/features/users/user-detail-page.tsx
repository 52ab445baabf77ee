import { Alert, Badge, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { clientCodeLabel } from '../../components/pickers';
import { RecordCard } from '../../components/record/record-card';
import { RecordRoute } from '../../components/record/record-route';
import { TagList } from '../../components/tag-list';
import { currentLanguage } from '../../i18n/i18n';
import { displayName } from '../../lib/display-name';
import { formatDateTime } from '../../lib/format';
import { type UserDetail, useGroups, useInvalidateUsers, useUser } from './api';
import { moduleLabel } from './module-options';
import { UserActions } from './user-actions';
import { UserForm } from './user-form';
import { positionLabel } from './user-labels';

/** An e-mail address that, when it must wrap, wraps before the `@` rather than inside a word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function UserView({ user, modify }: { user: UserDetail; modify: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const groups = useGroups();
  const groupNames = user.groupIds.map((id) => groups.data?.find((g) => g.id === id)?.name ?? id);
  const dash = '-';
  return (
    <RecordCard
      testId="user-detail"
      title={displayName(user, language)}
      actions={<UserActions user={user} modify={modify} />}
      notices={[user.valid === 0 && <Alert type="warning" showIcon title={t('users.isDeleted')} />]}
      items={[
        { key: 'name', label: t('users.name'), children: user.name },
        { key: 'englishName', label: t('users.englishName'), children: user.englishName ?? dash },
        { key: 'username', label: t('users.username'), children: user.username },
        { key: 'email', label: t('users.email'), children: <EmailText email={user.email} /> },
        { key: 'phone', label: t('users.phone'), children: user.phone ?? dash },
        { key: 'mobile', label: t('users.mobile'), children: user.mobile ?? dash },
        { key: 'department', label: t('users.department'), children: user.departmentName },
        { key: 'position', label: t('users.position'), children: positionLabel(user.position, language) },
        { key: 'role', label: t('users.role'), children: user.roleName },
        ...(user.client
          ? [{ key: 'client', label: t('users.client'), children: clientCodeLabel(user.client) }]
          : []),
        {
          key: 'state',
          label: t('users.state'),
          children: (
            <Flex gap={12} wrap>
              <Badge
                status={user.state === 1 ? 'success' : 'error'}
                text={user.state === 1 ? t('users.active') : t('users.frozen')}
              />
              <Badge
                status={user.verified ? 'processing' : 'default'}
                text={user.verified ? t('users.verified') : t('users.unverified')}
              />
              {user.mustChangePassword ? (
                <Badge status="warning" text={t('users.mustChangePassword')} />
              ) : null}
            </Flex>
          ),
        },
        {
          key: 'groups',
          label: t('users.groups'),
          children: <TagList items={groupNames.map((g) => ({ key: g, label: g }))} />,
        },
        {
          key: 'modules',
          label: t('users.modules'),
          children: (
            <TagList items={user.modules.map((m) => ({ key: m, label: moduleLabel(m, language) }))} />
          ),
        },
        { key: 'createdAt', label: t('users.createdAt'), children: formatDateTime(user.createdAt) },
        { key: 'updatedAt', label: t('users.updatedAt'), children: formatDateTime(user.updatedAt) },
      ]}
    />
  );
}

/** Spec §2 UserDetail (`user/{id}`): details with lock/unlock and impersonation; `?edit=1` modifies; `user/new` creates. */
export function UserDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordRoute<UserDetail>
      path="user"
      permission="user.edit"
      useRecord={useUser}
      onStale={useInvalidateUsers()}
      editsDeleted
      texts={{
        createTitle: t('users.createTitle'),
        editTitle: (user) => t('users.editTitle', { name: displayName(user, currentLanguage()) }),
        createdDone: t('users.created'),
        loadFailed: t('users.loadFailed'),
      }}
      form={(props) => <UserForm {...props} />}
      view={({ record, modify }) => <UserView user={record} modify={modify} />}
    />
  );
}
