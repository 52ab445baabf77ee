import { EditOutlined, LinkOutlined, LockOutlined, SwapOutlined, UnlockOutlined } from '@ant-design/icons';
import { DATE_TIME_FORMAT } from '@qcdesk/contract/constants';
import {
  Alert,
  Badge,
  Button,
  Card,
  Descriptions,
  Flex,
  Modal,
  Result,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { beginImpersonation, useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { useConfirm } from '../../components/confirm-dialog';
import { notify } from '../../components/notify';
import { currentLanguage } from '../../i18n/i18n';
import { type UserDetail, useGroups, useImpersonate, useInterimToken, useUpdateUser, useUser } from './api';
import { moduleLabel } from './module-options';
import { UserForm } from './user-form';
import { positionLabel } from './user-labels';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

function UserActions({ user, modify }: { user: UserDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const language = currentLanguage();
  const [confirm, confirmHolder] = useConfirm();
  const update = useUpdateUser();
  const impersonate = useImpersonate();
  const interim = useInterimToken();
  const [interimUrl, setInterimUrl] = useState<string | null>(null);

  const canEdit = hasPermission(session, 'user.edit') && modify;
  const self = session?.uid === user.id;
  const canImpersonate =
    hasPermission(session, 'user.impersonate') &&
    !self &&
    user.roleCode !== 'ADMIN' &&
    user.state === 1 &&
    user.valid === 1;

  const toggleLock = async () => {
    const locking = user.state === 1;
    const ok = await confirm({
      title: locking
        ? t('users.lockConfirm', { name: user.name })
        : t('users.unlockConfirm', { name: user.name }),
      danger: locking,
      okText: locking ? t('users.lock') : t('users.unlock'),
    });
    if (!ok) return;
    update.mutate(
      { id: user.id, version: user.version, state: locking ? 0 : 1 },
      { onSuccess: () => notify('success', locking ? t('users.locked') : t('users.unlocked')) },
    );
  };

  const actAs = async () => {
    const ok = await confirm({
      title: t('users.impersonateConfirm', { name: user.name }),
      content: t('users.impersonateHint'),
    });
    if (!ok) return;
    impersonate.mutate(
      { username: user.username },
      {
        onSuccess: (tokens) => {
          beginImpersonation(tokens);
          void navigate(`/${language}`);
        },
      },
    );
  };

  const issueInterim = async (send: boolean) => {
    interim.mutate(
      { username: user.username, send },
      {
        onSuccess: (answer) => {
          if (send) notify('success', t('users.interimSent'));
          else setInterimUrl(answer.url);
        },
      },
    );
  };

  return (
    <Flex gap={8} wrap>
      {confirmHolder}
      {canEdit ? (
        <ButtonLink
          to={`/${language}/user/${user.id}?edit=1`}
          type="primary"
          icon={<EditOutlined />}
          data-testid="user-edit"
        >
          {t('users.edit')}
        </ButtonLink>
      ) : null}
      {canEdit ? (
        <Button
          icon={user.state === 1 ? <LockOutlined /> : <UnlockOutlined />}
          danger={user.state === 1}
          loading={update.isPending}
          onClick={() => void toggleLock()}
          data-testid="user-lock"
        >
          {user.state === 1 ? t('users.lock') : t('users.unlock')}
        </Button>
      ) : null}
      {canEdit && !self ? (
        <Button icon={<LinkOutlined />} loading={interim.isPending} onClick={() => void issueInterim(false)}>
          {t('users.interim')}
        </Button>
      ) : null}
      {canImpersonate ? (
        <Button
          icon={<SwapOutlined />}
          loading={impersonate.isPending}
          onClick={() => void actAs()}
          data-testid="user-impersonate"
        >
          {t('users.impersonate')}
        </Button>
      ) : null}
      <Modal
        open={interimUrl !== null}
        title={t('users.interimTitle')}
        onCancel={() => setInterimUrl(null)}
        footer={[
          <Button key="send" onClick={() => void issueInterim(true)} loading={interim.isPending}>
            {t('users.interimSend')}
          </Button>,
          <Button key="close" type="primary" onClick={() => setInterimUrl(null)}>
            {t('users.close')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t('users.interimHint')}</Typography.Paragraph>
        <Typography.Paragraph copyable code style={{ wordBreak: 'break-all' }}>
          {interimUrl}
        </Typography.Paragraph>
      </Modal>
    </Flex>
  );
}

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
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const language = currentLanguage();
  const creating = id === 'new';
  const query = useUser(creating ? undefined : id);
  const list = `/${language}/user`;

  if (creating) {
    if (!hasPermission(session, 'user.edit')) return <Result status="403" title={t('invalidate.title')} />;
    return (
      <Card title={<h1 style={heading}>{t('users.createTitle')}</h1>}>
        <UserForm
          onDone={(newId) => {
            notify('success', t('users.created'));
            void navigate(`/${language}/user/${newId}`, { replace: true });
          }}
          onCancel={() => void navigate(list)}
        />
      </Card>
    );
  }

  if (query.isPending)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('users.loadFailed')}</h1>}
        subTitle={query.error.message}
        extra={<ButtonLink to={list}>{t('users.backToList')}</ButtonLink>}
      />
    );
  }
  const user = query.data.data;
  const modify = query.data.modify ?? false;
  if (params.get('edit') === '1' && modify && hasPermission(session, 'user.edit')) {
    return (
      <Card title={<h1 style={heading}>{t('users.editTitle', { name: user.name })}</h1>}>
        <UserForm
          user={user}
          onDone={() => {
            notify('success', t('users.saved'));
            void navigate(`/${language}/user/${user.id}`, { replace: true });
          }}
          onCancel={() => void navigate(`/${language}/user/${user.id}`)}
        />
      </Card>
    );
  }
  return <UserView user={user} modify={modify} />;
}
