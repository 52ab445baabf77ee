import { TEST_ORDER_STATUS } from '@qcdesk/contract/test-order';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ActionBar, type BarAction } from '../../components/action-bar';
import {
  type TestOrderDetail,
  useCancelTestOrder,
  useCloseTestOrder,
  useInvalidateTestOrder,
  useSubmitTestOrder,
} from './api';
import { TestOrderEdit } from './test-order-edit';

const { draft, submitted, reported } = TEST_ORDER_STATUS;

/**
 * A test order's action bar, DOMAIN.md §4.9: submit (draft, test.create), close (reported,
 * test.finance), cancel (draft/submitted, test.create), each confirmed; the field edit beside them.
 */
export function TestOrderActions({ order, modify }: { order: TestOrderDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const writes = { submit: useSubmitTestOrder(), close: useCloseTestOrder(), cancel: useCancelTestOrder() };
  const no = order.testOrderNo;
  const action = (
    name: 'submit' | 'close' | 'cancel',
    from: readonly number[],
    permission: string,
    tone?: BarAction['tone'],
  ): BarAction => ({
    key: name,
    label: t(`test-order.${name}`),
    show: modify && from.includes(order.status) && hasPermission(session, permission),
    ...(tone ? { tone } : {}),
    confirm: {
      title: t(`test-order.${name}Confirm`, { no }),
      content: t(`test-order.${name}Hint`),
      okText: t(`test-order.${name}`),
    },
    run: () => writes[name].mutateAsync({ id: order.id, version: order.version }),
    pending: writes[name].isPending,
    done: t(`test-order.${name}Done`),
  });
  return (
    <ActionBar
      testId="test-order"
      onStale={useInvalidateTestOrder()}
      extra={<TestOrderEdit order={order} modify={modify} />}
      actions={[
        action('submit', [draft], 'test.create', 'primary'),
        action('close', [reported], 'test.finance'),
        action('cancel', [draft, submitted], 'test.create', 'danger'),
      ]}
    />
  );
}
