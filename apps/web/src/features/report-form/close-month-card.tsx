import { closeFeeMonth } from '@qcdesk/contract/report-form';
import { Button, Card, Flex, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useConfirm } from '../../components/confirm-dialog';
import { notify } from '../../components/notify';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

/** The twelve months before this one (yyyy-MM), the latest first: the months that may be closed. */
export const closableMonths = (today = dayjs()) =>
  Array.from({ length: 12 }, (_, i) => today.subtract(i + 1, 'month').format('YYYY-MM'));

/**
 * The fee form's month close for administrators (issue 30): after a confirmation the month's fee
 * lines are frozen; later changes of its reports show as correction lines in the next open month.
 */
export function CloseMonthCard() {
  const { t } = useTranslation();
  const months = closableMonths();
  const [month, setMonth] = useState(months[0]!);
  const [busy, setBusy] = useState(false);
  const [confirm, holder] = useConfirm();

  const close = async () => {
    if (
      !(await confirm({ content: t('report-form.closeConfirm', { month }), okText: t('report-form.close') }))
    )
      return;
    setBusy(true);
    try {
      const done = await api.call(closeFeeMonth, { month });
      notify('success', t('report-form.closed', { month, lines: done.lines, corrections: done.corrections }));
    } catch {
      // The client toasts the refusal (a month already closed, or not ended).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={<h2 style={heading}>{t('report-form.closeTitle')}</h2>} data-testid="report-form-close">
      {holder}
      <Typography.Paragraph type="secondary">{t('report-form.closeNote')}</Typography.Paragraph>
      <Flex gap={8} wrap>
        <Select
          aria-label={t('report-form.closeMonth')}
          value={month}
          onChange={setMonth}
          options={months.map((m) => ({ value: m, label: m }))}
          style={{ minWidth: 140 }}
        />
        <Button danger loading={busy} onClick={() => void close()} data-testid="report-form-close-month">
          {t('report-form.close')}
        </Button>
      </Flex>
    </Card>
  );
}
