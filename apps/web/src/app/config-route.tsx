import { Spin } from 'antd';
import { lazy, Suspense } from 'react';

const MailboxPage = lazy(async () => ({
  default: (await import('../features/mailbox/mailbox-page')).MailboxPage,
}));
const ConfigListPage = lazy(async () => ({
  default: (await import('../features/config/config-list-page')).ConfigListPage,
}));

/**
 * Spec §2 Config (`config/{configType}`): the master-data back office (features/config), which also
 * shows the mail outbox at `config/mailbox` for mail.admin (the dev mailbox when no SMTP server is
 * configured). The outbox is its own area; the route hands it in so the two features stay apart.
 */
export function ConfigRoute() {
  return (
    <Suspense fallback={<Spin />}>
      <ConfigListPage
        mailbox={
          <Suspense fallback={<Spin />}>
            <MailboxPage />
          </Suspense>
        }
      />
    </Suspense>
  );
}
