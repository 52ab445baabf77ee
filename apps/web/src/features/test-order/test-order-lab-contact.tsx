import { configListOperations } from '@qcdesk/contract/config';
import { MAX_PAGE_SIZE } from '@qcdesk/contract/constants';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../api/use-operation';

interface Contact {
  id: string;
  name: string;
  email: string;
}

/**
 * Issue 24: the lab contact of a test order, picked among the active contacts of its lab (the
 * `labcontact` list). Left empty on a new order, the server takes the lab's CS contact for the
 * order's department and client (LabCs); cleared on an existing one, the order has no contact.
 */
export function LabContactSelect({
  labId,
  value,
  onChange,
  known,
  id,
}: {
  labId: string | null | undefined;
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The order's current contact, so its name shows before the list loads. */
  known?: Contact | null;
  id?: string;
}) {
  const { t } = useTranslation();
  const rows = useOperation(
    configListOperations.labcontact.search,
    { active: 1, page: 1, pageSize: MAX_PAGE_SIZE, labId: labId ?? '' } as never,
    { enabled: Boolean(labId), staleTime: 5 * 60_000 },
  );
  const contacts = new Map<string, Contact>();
  if (known) contacts.set(known.id, known);
  for (const row of (rows.data?.list ?? []) as unknown as Contact[]) contacts.set(row.id, row);
  return (
    <Select
      id={id}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      disabled={!labId}
      loading={rows.isFetching}
      placeholder={t('test-order.labContactDefault')}
      aria-label={t('test-order.labContact')}
      options={[...contacts.values()].map((c) => ({ value: c.id, label: `${c.name} <${c.email}>` }))}
      data-testid="test-order-lab-contact"
    />
  );
}
