/**
 * Child rows as rows of a form (`Form.List`; a client's test requirements and safety tests, a
 * standard's tests): each row in a box with its fields and a remove button, "none" while there are
 * none, an add button below. The surrounding form owns the values. A row's `unique(key, message)`
 * rule refuses it when it repeats an earlier row by `key`.
 * Test ids: `<testId>-row`, `<testId>-add`.
 */
import { PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Col,
  type ColProps,
  Flex,
  Form,
  type FormListFieldData,
  type FormRule,
  Row,
  type RowProps,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { RemoveButton } from '../remove-button';

const rowBox = {
  border: '1px solid var(--ant-color-border-secondary)',
  borderRadius: 8,
  padding: '12px 12px 0',
} as const;

export function FormRows({
  name,
  testId,
  emptyText,
  addLabel,
  newRow,
  removeLabel,
  removeCol,
  align,
  children,
}: {
  name: string;
  testId: string;
  emptyText: string;
  addLabel: string;
  /** The values of an added row. */
  newRow: () => object;
  /** The remove button's accessible name, for row `n` (from 1). */
  removeLabel: (n: number) => string;
  /** The remove button's column. */
  removeCol: ColProps;
  align?: RowProps['align'];
  /** A row's field columns, given its index and its `unique` rule. */
  children: (field: FormListFieldData, row: { index: number; unique: UniqueRule }) => ReactNode;
}) {
  const form = Form.useFormInstance();
  // The list's rows as they are when the rule runs (the form's values are untyped here).
  const unique =
    (index: number): UniqueRule =>
    (key, message) =>
      uniqueRowRule(() => form.getFieldValue(name), key, index, message);
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={12}>
          {fields.length === 0 ? <Typography.Text type="secondary">{emptyText}</Typography.Text> : null}
          {fields.map((field, index) => (
            <div key={field.key} style={rowBox} data-testid={`${testId}-row`}>
              <Row gutter={12} align={align}>
                {children(field, { index, unique: unique(index) })}
                <Col {...removeCol}>
                  <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false}>
                    <RemoveButton label={removeLabel(index + 1)} onClick={() => remove(field.name)} />
                  </Form.Item>
                </Col>
              </Row>
            </div>
          ))}
          <div>
            <Button icon={<PlusOutlined />} onClick={() => add(newRow())} data-testid={`${testId}-add`}>
              {addLabel}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}

type UniqueRule = <T>(key: (row: T) => string | undefined, message: string) => FormRule;

/** Indexes of rows repeating an earlier one by key (a row without a key repeats nothing). */
export function duplicateIndexes<T>(
  rows: readonly T[] | undefined,
  key: (row: T) => string | undefined,
): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  (rows ?? []).forEach((row, index) => {
    const k = key(row);
    if (k === undefined) return;
    if (seen.has(k)) duplicates.push(index);
    seen.add(k);
  });
  return duplicates;
}

/**
 * Row `index`'s rule: refused with `message` when it repeats an earlier row by `key`, so the form
 * marks it before the server refuses it. `rows` reads the list's values when the rule runs.
 */
export const uniqueRowRule = <T,>(
  rows: () => readonly T[] | undefined,
  key: (row: T) => string | undefined,
  index: number,
  message: string,
) => ({
  validator: async () => {
    if (duplicateIndexes(rows(), key).includes(index)) throw new Error(message);
  },
});
