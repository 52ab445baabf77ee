import { APPLY_TYPE } from '@qcdesk/contract/inspection-apply';
import type { Language } from '@qcdesk/contract/messages';
import { Alert, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { ConfigSelect } from '../../components/config-select';
import { DateField } from '../../components/date-picker';
import { DrawerFormButtons, FormDrawer } from '../../components/form-drawer';
import { useDialogGuard } from '../../components/guarded-modal';
import { notify } from '../../components/notify';
import { enumOptions, type RefLike } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { type InspectionApplyDetail, type UpdateInspectionApplyInput, useEditInspectionApply } from './api';

/**
 * The application types a form offers. A re-inspection is made from its failed report, not from the
 * cart: its type stays, and no other application becomes one.
 */
const applyTypeOptions = (language: Language, reinspection: boolean) =>
  enumOptions('ApplyType', language).filter((o) => reinspection || o.value !== APPLY_TYPE.reinspection);

/** The application's own fields as the cart and the edit form ask them: inspection type, type, date. */
export function ApplyFields({ reinspection = false, known }: { reinspection?: boolean; known?: RefLike[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="inspectionTypeId"
        label={t('inspection-apply.inspectionType')}
        rules={[{ required: true }]}
      >
        <ConfigSelect<string | null> list="inspectiontype" known={known} />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item name="applyType" label={t('inspection-apply.applyType')} rules={[{ required: true }]}>
          <Select
            options={applyTypeOptions(currentLanguage(), reinspection)}
            disabled={reinspection}
            style={{ minWidth: 160 }}
          />
        </Form.Item>
        <Form.Item
          name="expectedDate"
          label={t('inspection-apply.expectedDate')}
          rules={[{ required: true }]}
        >
          <DateField />
        </Form.Item>
      </Flex>
    </>
  );
}

/** The edit form's values: the application's fields (its items keep their quantities). */
export interface EditValues {
  applyType: number;
  inspectionTypeId: string;
  expectedDate: string;
  remark?: string | null;
}

/**
 * `inspection/apply/update`'s input from the form, without submitting: the fields and the remark
 * (an emptied remark is cleared). Its items stay as they are (Modify quantity changes those).
 */
export function editInput(
  record: Pick<InspectionApplyDetail, 'id' | 'version'>,
  values: EditValues,
): UpdateInspectionApplyInput {
  return {
    id: record.id,
    version: record.version,
    applyType: values.applyType,
    inspectionTypeId: values.inspectionTypeId,
    expectedDate: values.expectedDate,
    remark: values.remark?.trim() || null,
    submit: false,
  };
}

/**
 * Edit a draft or returned application (`update` in its actions): application type, inspection type,
 * expected date and remark, saved without submitting. Refusals (E_QTY_EXCEEDS for another
 * inspection type, E_VERSION) show in the drawer; a changed form asks before it is closed.
 */
export function InspectionApplyEdit({
  record,
  open,
  onClose,
}: {
  record: InspectionApplyDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={t('inspection-apply.editTitle', { no: record.applyNo })}
      testId="inspection-apply-edit-form"
    >
      <EditBody record={record} onClose={onClose} />
    </FormDrawer>
  );
}

function EditBody({ record, onClose }: { record: InspectionApplyDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const guard = useDialogGuard();
  const [form] = Form.useForm<EditValues>();
  const write = useEditInspectionApply();
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = async (values: EditValues) => {
    setRefusal(null);
    try {
      await write.mutateAsync(editInput(record, values));
      guard?.settle();
      notify('success', t('inspection-apply.editDone'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setRefusal(error.message);
      else throw error;
    }
  };
  const initial: EditValues = {
    applyType: record.applyType,
    inspectionTypeId: record.inspectionType.id,
    expectedDate: record.expectedDate,
    remark: record.remark ?? '',
  };
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void save(v)}>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={refusal}
          style={{ marginBottom: 12 }}
          data-testid="inspection-apply-edit-refusal"
        />
      ) : null}
      <ApplyFields
        reinspection={record.applyType === APPLY_TYPE.reinspection}
        known={[record.inspectionType]}
      />
      <Form.Item name="remark" label={t('inspection-apply.remark')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
      </Form.Item>
      <DrawerFormButtons
        onCancel={onClose}
        cancelText={t('common.cancel')}
        submitText={t('inspection-apply.editSave')}
        pending={write.isPending}
        submitTestId="inspection-apply-edit-save"
      />
    </Form>
  );
}
