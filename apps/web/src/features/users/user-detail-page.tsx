import { DATE_TIME_FORMAT } from '@qcdesk/contract/constants';
import { Alert, Badge, Card, Descriptions, Flex, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RecordRoute } from '../../components/record/record-route';
import { currentLanguage } from '../../i18n/i18n';
import { type UserDetail, useGroups, useInvalidateUsers, useUser } from './api';
import { moduleLabel } from './module-options';
import { UserActions } from './user-actions';
import { UserForm } from './user-form';
import { positionLabel } from './user-labels';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

function UserView({ user, modify }: { user: UserDetail; modify: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const groups = useGroups();
  const groupNames = user.groupIds.map((id) => groups.data?.find((g) => g.id === id)?.name ?? id);
  const dash = '-';
  return (
    <Card
      title={<h1 style={heading}>{user.name}</h1>}
      extra={<UserActions user={user} modify={modify} />}
      data-testid="user-detail"
    >
      {user.valid === 0 ? (
        <Alert type="warning" showIcon title={t('users.isDeleted')} style={{ marginBottom: 16 }} />
      ) : null}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'username', label: t('users.username'), children: user.username },
          { key: 'englishName', label: t('users.englishName'), children: user.englishName ?? dash },
          { key: 'email', label: t('users.email'), children: user.email },
          { key: 'phone', label: t('users.phone'), children: user.phone ?? dash },
          { key: 'mobile', label: t('users.mobile'), children: user.mobile ?? dash },
          { key: 'department', label: t('users.department'), children: user.departmentName },
          { key: 'position', label: t('users.position'), children: positionLabel(user.position, language) },
          { key: 'role', label: t('users.role'), children: user.roleName },
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
            children: groupNames.length ? groupNames.map((g) => <Tag key={g}>{g}</Tag>) : dash,
          },
          {
            key: 'modules',
            label: t('users.modules'),
            children: user.modules.length
              ? user.modules.map((m) => <Tag key={m}>{moduleLabel(m, language)}</Tag>)
              : dash,
          },
          ...(user.clientId ? [{ key: 'client', label: t('users.clientId'), children: user.clientId }] : []),
          {
            key: 'createdAt',
            label: t('users.createdAt'),
            children: dayjs(user.createdAt).format(DATE_TIME_FORMAT),
          },
          {
            key: 'updatedAt',
            label: t('users.updatedAt'),
            children: dayjs(user.updatedAt).format(DATE_TIME_FORMAT),
          },
        ]}
      />
    </Card>
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
        editTitle: (user) => t('users.editTitle', { name: user.name }),
        createdDone: t('users.created'),
        loadFailed: t('users.loadFailed'),
      }}
      form={(props) => <UserForm {...props} />}
      view={({ record, modify }) => <UserView user={record} modify={modify} />}
    />
  );
}
