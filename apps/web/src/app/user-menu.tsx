import {
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  SettingOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Session } from '../api/guard';
import { canEndImpersonation, endImpersonation, endSession } from '../api/session';
import { currentLanguage } from '../i18n/i18n';
import { displayName } from '../lib/display-name';

/** Settings, change password, back to one's own account while impersonating, and sign out. */
export function UserMenu({ session, compact }: { session: Session; compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage();
  const name = displayName(session, language);

  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: `${session.title} · ${session.department}`,
    },
    { key: 'settings', icon: <SettingOutlined />, label: t('shell.settings') },
    { key: 'password', icon: <KeyOutlined />, label: t('shell.changePassword') },
    ...(session.impersonator && canEndImpersonation()
      ? [{ key: 'unimpersonate', icon: <SwapOutlined />, label: t('shell.endImpersonation') }]
      : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'settings') void navigate(`/${language}/settings`);
    else if (key === 'password') void navigate(`/${language}/password`);
    else if (key === 'unimpersonate') {
      await endImpersonation();
      void navigate(`/${language}/user`);
    } else if (key === 'logout') {
      await endSession();
      void navigate(`/${language}/login`);
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label={t('shell.account', { name })} data-testid="user-menu">
        <Avatar
          size="small"
          icon={<UserOutlined />}
          style={{ backgroundColor: 'var(--ant-color-primary)' }}
        />
        {compact ? null : (
          <span style={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
        )}
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
