/**
 * A text field with its own clear button (spec §4 UI states): the button shows only while the field is
 * non-empty and enabled; clearing sets a text field to '' and a number-type field to the text "0".
 * The text is trimmed when the field loses focus (spec §5, lib/text.ts).
 *
 * ClearTextField props: value?, onChange?(text), kind? ('text' | 'number'), disabled?, trim? (true),
 * + antd Input props
 */
import { CloseCircleFilled } from '@ant-design/icons';
import { Input, type InputProps } from 'antd';
import { trimOnBlur } from '../lib/text';
import { useWidgetsTranslation } from './widgets-i18n';

export type ClearTextKind = 'text' | 'number';

export function showsClearButton(value: string | null | undefined, disabled: boolean | undefined): boolean {
  return !disabled && value !== undefined && value !== null && value !== '';
}

export function clearedValue(kind: ClearTextKind): string {
  return kind === 'number' ? '0' : '';
}

export interface ClearTextFieldProps
  extends Omit<InputProps, 'value' | 'onChange' | 'allowClear' | 'suffix'> {
  value?: string | null;
  onChange?: (value: string) => void;
  kind?: ClearTextKind;
  trim?: boolean;
}

export function ClearTextField({
  value,
  onChange,
  kind = 'text',
  trim = true,
  disabled,
  onBlur,
  ...rest
}: ClearTextFieldProps) {
  const { t } = useWidgetsTranslation();
  const trimBlur = trimOnBlur(onChange);
  return (
    <Input
      {...rest}
      disabled={disabled}
      inputMode={kind === 'number' ? 'decimal' : rest.inputMode}
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value)}
      onBlur={(event) => {
        if (trim) trimBlur(event);
        onBlur?.(event);
      }}
      suffix={
        showsClearButton(value, disabled) ? (
          <button
            type="button"
            className="qcdesk-clear-text"
            aria-label={t('widgets.clearText.clear')}
            onClick={() => onChange?.(clearedValue(kind))}
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              border: 0,
              padding: 0,
              background: 'none',
              cursor: 'pointer',
              fontSize: 'inherit',
            }}
          >
            <CloseCircleFilled style={{ color: 'var(--ant-color-text-quaternary)' }} />
          </button>
        ) : (
          <span />
        )
      }
    />
  );
}
