import { enumerationList } from '@qcdesk/contract/enumerations';
import { isContainerNo, normalizeContainerNo } from '@qcdesk/contract/iso6346';
import { formatMessage } from '@qcdesk/contract/messages';
import { createSuperviseReport, listSuperviseReports } from '@qcdesk/contract/supervise-report';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, List, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { operationKey, useOperation, useOperationMutation } from '../../api/use-operation';
import { DateField } from '../../components/date-picker';
import { GuardedModal } from '../../components/guarded-modal';
import { notify } from '../../components/notify';
import { RecordLink } from '../../components/record/record-link';
import { enumText } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { businessToday, formatDate } from '../../lib/format';

interface CreateValues {
  loadingDate: string;
  inspectorId: string;
  containerType?: string;
  containerNo?: string;
}

/** A new supervise report of the shipping (DOMAIN.md §2.7): loading date, inspector, container. */
function CreateSuperviseDialog({ shippingId, onClose }: { shippingId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<CreateValues>();
  const lists = useOperation(enumerationList, {}, { staleTime: 5 * 60_000 });
  const inspectors = lists.data?.enumerations.Inspector ?? [];
  const create = useOperationMutation(createSuperviseReport, { silent: true });
  const send = async () => {
    const values = await form.validateFields();
    setError(null);
    try {
      const report = await create.mutateAsync({
        shippingId,
        loadingDate: values.loadingDate,
        inspectorId: values.inspectorId,
        ...(values.containerType?.trim() ? { containerType: values.containerType.trim() } : {}),
        ...(values.containerNo?.trim() ? { containerNo: normalizeContainerNo(values.containerNo) } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: operationKey(listSuperviseReports) });
      notify('success', t('order.superviseCreatedDone', { reportNo: report.reportNo }));
      onClose();
      void navigate(`/${language}/supervisereport/${report.id}`);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  const required = { required: true, message: t('order.superviseRequired') };
  return (
    <GuardedModal
      open
      title={t('order.superviseCreate')}
      okText={t('order.superviseCreate')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onOk={() => void send().catch(() => undefined)}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ loadingDate: businessToday() }}
        data-testid="order-supervise-form"
      >
        <Form.Item name="loadingDate" label={t('order.superviseLoadingDate')} rules={[required]}>
          <DateField style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="inspectorId" label={t('order.superviseInspector')} rules={[required]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={lists.isPending}
            options={inspectors.map((i) => ({ value: String(i.code), label: i[language] }))}
          />
        </Form.Item>
        <Flex gap={8}>
          <Form.Item name="containerType" label={t('order.superviseContainerType')} style={{ flex: 1 }}>
            <Input maxLength={10} />
          </Form.Item>
          <Form.Item
            name="containerNo"
            label={t('order.containerNo')}
            style={{ flex: 2 }}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value?.trim() && !isContainerNo(value))
                    throw new Error(formatMessage('E_CONTAINER_NO', language, { value }));
                },
              },
            ]}
          >
            <Input maxLength={20} autoCapitalize="characters" />
          </Form.Item>
        </Flex>
      </Form>
      {error ? <Alert type="error" showIcon role="alert" title={error} /> : null}
    </GuardedModal>
  );
}

/**
 * The supervise (loading) reports of an order's shipment (DOMAIN.md §2.4, §2.7) and, for
 * supervise.edit, the action that creates one.
 */
export function ShippingSuperviseReports({ shippingId }: { shippingId: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useSession();
  const [creating, setCreating] = useState(false);
  const reports = useOperation(listSuperviseReports, { shippingId, limit: 50 });
  const rows = reports.data?.list ?? [];
  return (
    <Flex vertical gap={8} data-testid="order-supervise">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong>{t('order.superviseReports')}</Typography.Text>
        {hasPermission(session, 'supervise.edit') ? (
          <Button onClick={() => setCreating(true)} data-testid="order-supervise-create">
            {t('order.superviseCreate')}
          </Button>
        ) : null}
      </Flex>
      <List
        size="small"
        bordered
        loading={reports.isPending}
        dataSource={rows}
        locale={{ emptyText: t('order.superviseNone') }}
        renderItem={(row) => (
          <List.Item data-testid="order-supervise-report">
            <Flex wrap gap={8} style={{ width: '100%' }} justify="space-between">
              <RecordLink route="SuperviseReportDetail" to={`supervisereport/${row.id}`}>
                {row.reportNo}
              </RecordLink>
              <span>{formatDate(row.loadingDate)}</span>
              <span>{row.containerNo ?? ''}</span>
              <span>{enumText('SuperviseReportStatus', row.status, language)}</span>
            </Flex>
          </List.Item>
        )}
      />
      {creating ? <CreateSuperviseDialog shippingId={shippingId} onClose={() => setCreating(false)} /> : null}
    </Flex>
  );
}
