import { EditOutlined, LinkOutlined, LockOutlined, SwapOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasPermission } from '../../api/guard';
import { beginImpersonation, useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { useConfirm } from '../../components/confirm-dialog';
import { notify } from '../../components/notify';
import { currentLanguage } from '../../i18n/i18n';
import { displayName } from '../../lib/display-name';
import { type UserDetail, useImpersonate, useInterimToken, useUpdateUser } from './api';

/** A user's header buttons: Modify, lock and unlock, an interim sign-in link, acting as them. */
export function UserActions({ user, modify }: { user: UserDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const language = currentLanguage();
  const [confirm, confirmHolder] = useConfirm();
  const update = useUpdateUser();
  const impersonate = useImpersonate();
  const interim = useInterimToken();
  const [interimUrl, setInterimUrl] = useState<string | null>(null);
  const shownName = displayName(user, language);

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
        ? t('users.lockConfirm', { name: shownName })
        : t('users.unlockConfirm', { name: shownName }),
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
      title: t('users.impersonateConfirm', { name: shownName }),
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
          {t('common.edit')}
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
