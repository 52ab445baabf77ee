import { fieldLabel } from '@qcdesk/contract/messages';
import { useTranslation } from 'react-i18next';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { currentLanguage } from '../../i18n/i18n';
import { fetchTestOrderChangeLog, TEST_ORDER_ENTITY } from './api';

/** A test order's change log, its fields named by the contract's labels or this screen's. */
export function TestOrderChangeLog({ id }: { id: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  // The change log's fields the contract's labels do not name.
  const logLabels: Record<string, string> = {
    testOrderNo: t('test-order.testOrderNo'),
    applyType: t('test-order.applyType'),
    amount: t('test-order.amount'),
    currency: t('test-order.currency'),
    items: t('test-order.items'),
    sampleProvided: t('test-order.sampleProvided'),
  };
  return (
    <ChangeLogCard
      entity={TEST_ORDER_ENTITY}
      id={id}
      fetch={fetchTestOrderChangeLog}
      fieldLabel={(field) => logLabels[field] ?? fieldLabel(field, language)}
    />
  );
}
