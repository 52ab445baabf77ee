import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { useConfirm } from '../../components/confirm-dialog';
import { notify } from '../../components/notify';
import { type TestOrderDetail, useTestOrderTransition } from './api';

type Action = 'submit' | 'close' | 'cancel';

/** DOMAIN.md §4.9 as buttons: submit (10, test.create), close (40, test.finance), cancel (10/20, test.create). */
const ACTIONS: { action: Action; from: readonly number[]; permission: string; danger?: boolean }[] = [
  { action: 'submit', from: [10], permission: 'test.create' },
  { action: 'close', from: [40], permission: 'test.finance' },
  { action: 'cancel', from: [10, 20], permission: 'test.create', danger: true },
];

/** The status actions of a test order, each after a confirmation. */
export function TestOrderActions({ order, modify }: { order: TestOrderDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const [confirm, holder] = useConfirm();
  const submit = useTestOrderTransition('submit');
  const close = useTestOrderTransition('close');
  const cancel = useTestOrderTransition('cancel');
  const mutations = { submit, close, cancel };
  const shown = ACTIONS.filter(
    (a) => modify && a.from.includes(order.status) && hasPermission(session, a.permission),
  );
  if (shown.length === 0) return null;
  const run = async (action: Action, danger: boolean) => {
    const ok = await confirm({
      title: t(`test-order.${action}Confirm`, { no: order.testOrderNo }),
      content: t(`test-order.${action}Hint`),
      danger,
      okText: t(`test-order.${action}`),
    });
    if (!ok) return;
    mutations[action].mutate(
      { id: order.id, version: order.version },
      { onSuccess: () => notify('success', t(`test-order.${action}Done`)) },
    );
  };
  return (
    <Flex gap={8} wrap>
      {holder}
      {shown.map((a) => (
        <Button
          key={a.action}
          type={a.action === 'submit' ? 'primary' : 'default'}
          danger={a.danger}
          loading={mutations[a.action].isPending}
          onClick={() => void run(a.action, a.danger ?? false)}
          data-testid={`test-order-${a.action}`}
        >
          {t(`test-order.${a.action}`)}
        </Button>
      ))}
    </Flex>
  );
}
