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
  // Written out (not built from the action's name): the i18n check finds every key it uses.
  const texts = {
    submit: {
      label: t('test-order.submit'),
      title: t('test-order.submitConfirm', { no }),
      hint: t('test-order.submitHint'),
      done: t('test-order.submitDone'),
    },
    close: {
      label: t('test-order.close'),
      title: t('test-order.closeConfirm', { no }),
      hint: t('test-order.closeHint'),
      done: t('test-order.closeDone'),
    },
    cancel: {
      label: t('test-order.cancel'),
      title: t('test-order.cancelConfirm', { no }),
      hint: t('test-order.cancelHint'),
      done: t('test-order.cancelDone'),
    },
  };
  const action = (
    name: 'submit' | 'close' | 'cancel',
    from: readonly number[],
    permission: string,
    tone?: BarAction['tone'],
  ): BarAction => ({
    key: name,
    label: texts[name].label,
    show: modify && from.includes(order.status) && hasPermission(session, permission),
    ...(tone ? { tone } : {}),
    confirm: { title: texts[name].title, content: texts[name].hint, okText: texts[name].label },
    run: () => writes[name].mutateAsync({ id: order.id, version: order.version }),
    pending: writes[name].isPending,
    done: texts[name].done,
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
