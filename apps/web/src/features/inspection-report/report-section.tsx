import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Collapse, ConfigProvider, Flex, Space, Typography, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/number-field';
import { subheading } from '../../components/record/record-card';
import { useIsPhone } from '../../components/use-is-phone';
import { stepQuantity } from './report-logic';
import { saveTexts } from './report-texts';
import type { SaveStatus } from './use-report-saver';

/** Where the section's autosave stands, beside its title. */
export function SaveState({ status }: { status: SaveStatus }) {
  const { t } = useTranslation();
  if (status === 'idle') return null;
  return (
    <Typography.Text
      type={status === 'failed' ? 'danger' : 'secondary'}
      style={{ fontSize: 12, fontWeight: 'normal' }}
      data-testid="inspection-report-save-state"
      data-status={status}
    >
      {status === 'queued' ? t('inspection-report.offline.queued') : saveTexts(t)[status]}
    </Typography.Text>
  );
}

/**
 * One part of the report: a card on a tablet or PC, a collapsible panel on a phone, so the inspector
 * works one-handed through a short list of titles and opens the part at hand.
 */
export function ReportSection({
  id,
  title,
  status = 'idle',
  open = false,
  readOnly = false,
  empty = false,
  children: body,
}: {
  id: string;
  title: string;
  status?: SaveStatus;
  /** Opened at first on a phone. */
  open?: boolean;
  /** Shown, not edited: the values read in the text colour, not greyed out. */
  readOnly?: boolean;
  /** Nothing recorded: a read-only part is left out. */
  empty?: boolean;
  children: ReactNode;
}) {
  const phone = useIsPhone();
  const { token } = theme.useToken();
  if (readOnly && empty) return null;
  const testId = `inspection-report-section-${id}`;
  const children = readOnly ? (
    <ConfigProvider
      theme={{
        token: { colorTextDisabled: token.colorText, colorBgContainerDisabled: token.colorFillQuaternary },
      }}
    >
      {body}
    </ConfigProvider>
  ) : (
    body
  );
  if (phone)
    return (
      <Collapse
        data-testid={testId}
        defaultActiveKey={open ? [id] : []}
        items={[{ key: id, label: <strong>{title}</strong>, extra: <SaveState status={status} />, children }]}
      />
    );
  return (
    <Card
      data-testid={testId}
      title={<h2 style={subheading}>{title}</h2>}
      extra={<SaveState status={status} />}
    >
      {children}
    </Card>
  );
}

/** A whole number with − and + buttons big enough for a thumb (0 ≤ value ≤ max). */
export function Stepper({
  value,
  onChange,
  max,
  disabled,
  testId,
  label,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
  max?: number;
  disabled?: boolean;
  testId: string;
  label: string;
}) {
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 220 }}>
      <Button
        icon={<MinusOutlined />}
        disabled={disabled}
        aria-label={`${label} −`}
        data-testid={`${testId}-minus`}
        onClick={() => onChange(stepQuantity(value, -1, max))}
      />
      <NumberField
        value={value}
        onChange={onChange}
        disabled={disabled}
        aria-label={label}
        data-testid={testId}
        style={{ textAlign: 'center' }}
      />
      <Button
        icon={<PlusOutlined />}
        disabled={disabled}
        aria-label={`${label} +`}
        data-testid={`${testId}-plus`}
        onClick={() => onChange(stepQuantity(value, 1, max))}
      />
    </Space.Compact>
  );
}

/** A field's caption over its input (the input names itself by aria-label for screen readers). */
export function FieldBox({
  label,
  style,
  children,
}: {
  label: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <Flex vertical gap={2} style={style}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {children}
    </Flex>
  );
}
