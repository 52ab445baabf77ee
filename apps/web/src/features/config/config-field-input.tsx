import type { RefLabel } from '@qcdesk/contract/config';
import type { FieldDef } from '@qcdesk/contract/config-lists';
import { Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-picker';
import { NumberField } from '../../components/number-field';
import { languageOf } from '../../components/widgets-i18n';
import { useEnumerations } from './api';
import { jsonTemplate, type WidgetKind } from './config-fields';
import { ConfigRefSelect } from './config-ref-select';

export interface ConfigFieldInputProps {
  field: FieldDef;
  widget: WidgetKind;
  /** Labels of the rows a reference already points at. */
  labels?: readonly RefLabel[] | undefined;
  disabled?: boolean;
  /** Given by Form.Item. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

const TAG_SEPARATORS = [',', '，', ';', '；'];

/** The input of one registry field (Form.Item hands it value, onChange and id). */
export function ConfigFieldInput({
  field,
  widget,
  labels,
  disabled,
  value,
  onChange,
  id,
}: ConfigFieldInputProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const enumerations = useEnumerations();
  const common = { id, disabled };

  switch (widget) {
    case 'textarea':
      return (
        <Input.TextArea
          {...common}
          value={value as string | undefined}
          onChange={(event) => onChange?.(event.target.value)}
          autoSize={{ minRows: 2, maxRows: 8 }}
          showCount={field.max !== undefined}
          maxLength={field.max}
        />
      );
    case 'json':
      return (
        <Input.TextArea
          {...common}
          value={value as string | undefined}
          onChange={(event) => onChange?.(event.target.value)}
          autoSize={{ minRows: 4, maxRows: 16 }}
          placeholder={jsonTemplate(field)}
          spellCheck={false}
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
        />
      );
    case 'int':
    case 'decimal':
      return (
        // Keeps what was typed; the form's rule names the range (issue 12).
        <NumberField
          {...common}
          value={value as number | null | undefined}
          onChange={(next) => onChange?.(next)}
          precision={widget === 'decimal' ? (field.scale ?? 2) : 0}
        />
      );
    case 'bool':
      return <Switch {...common} checked={value === true} onChange={(checked) => onChange?.(checked)} />;
    case 'enum':
      return (
        <Select
          {...common}
          allowClear={!field.required}
          value={value as string | number | undefined}
          onChange={(next) => onChange?.(next ?? null)}
          loading={enumerations.isPending}
          options={(enumerations.data?.enumerations[field.enum ?? ''] ?? []).map((item) => ({
            value: item.code,
            label: item[language],
          }))}
          showSearch={{ optionFilterProp: 'label' }}
        />
      );
    case 'ref':
    case 'refMulti':
      return <ConfigRefSelect {...common} field={field} value={value} onChange={onChange} labels={labels} />;
    case 'date':
      return (
        <DateField
          {...common}
          value={value as string | undefined}
          onChange={(next) => onChange?.(next ?? null)}
          style={{ width: '100%' }}
        />
      );
    case 'tags':
      return (
        <Select
          {...common}
          mode="tags"
          value={(value as string[] | undefined) ?? []}
          onChange={(next: string[]) => onChange?.(next)}
          tokenSeparators={TAG_SEPARATORS}
          notFoundContent={null}
          suffixIcon={null}
          placeholder={t('config.tagsHint')}
          open={false}
        />
      );
    default:
      return (
        <Input
          {...common}
          value={value as string | undefined}
          onChange={(event) => onChange?.(event.target.value)}
          inputMode={field.type === 'email' ? 'email' : undefined}
          autoComplete="off"
        />
      );
  }
}
