import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/api-error';
import { useConfirm } from '../../components/confirm-dialog';
import { toast } from '../../components/toast';
import type { OrderDetail } from './api';

/** What an order's link buttons work on: the order and its selected products. */
export interface OrderLinksProps {
  order: OrderDetail;
  selected: readonly string[];
  /** After a change: the selection is cleared. */
  onDone: () => void;
}

/**
 * Link and Unlink over the selected products of an order (`order/relation`: an original sample, a
 * production sample): Link opens the caller's dialog (`children`); Unlink asks, unlinks the linked
 * ones among the selected and says a refusal under the buttons. Test ids `<testId>-link`, `-unlink`.
 */
export function OrderLinkButtons({
  selected,
  linked,
  texts,
  testId,
  onLink,
  unlink,
  onDone,
  children,
}: {
  selected: readonly string[];
  /** The selected products that are linked. */
  linked: readonly string[];
  texts: { link: string; unlink: string; unlinkConfirm: string };
  testId?: string;
  onLink: () => void;
  unlink: (productIds: readonly string[]) => Promise<unknown>;
  onDone: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [confirm, holder] = useConfirm();
  const [problem, setProblem] = useState<string | null>(null);

  const unlinkLinked = async () => {
    if (!(await confirm({ content: texts.unlinkConfirm }))) return;
    setProblem(null);
    try {
      await unlink(linked);
      toast.success(t('order.unlinkDone', { count: linked.length }));
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <>
      {holder}
      <Button
        size="small"
        icon={<LinkOutlined />}
        disabled={selected.length === 0}
        onClick={onLink}
        data-testid={testId && `${testId}-link`}
      >
        {texts.link}
      </Button>
      <Button
        size="small"
        icon={<DisconnectOutlined />}
        disabled={linked.length === 0}
        onClick={() => void unlinkLinked()}
        data-testid={testId && `${testId}-unlink`}
      >
        {texts.unlink}
      </Button>
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
      {children}
    </>
  );
}
