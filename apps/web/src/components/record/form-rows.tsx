/**
 * Child rows as rows of a form (`Form.List`; a client's test requirements and safety tests, a
 * standard's tests): each row in a box with its fields and a remove button, "none" while there are
 * none, an add button below. The surrounding form owns the values.
 * Test ids: `<testId>-row`, `<testId>-add`.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Col,
  type ColProps,
  Flex,
  Form,
  type FormListFieldData,
  Row,
  type RowProps,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';

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
  /** A row's field columns. */
  children: (field: FormListFieldData, index: number) => ReactNode;
}) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={12}>
          {fields.length === 0 ? <Typography.Text type="secondary">{emptyText}</Typography.Text> : null}
          {fields.map((field, index) => (
            <div key={field.key} style={rowBox} data-testid={`${testId}-row`}>
              <Row gutter={12} align={align}>
                {children(field, index)}
                <Col {...removeCol}>
                  <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false}>
                    <Button
                      danger
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={removeLabel(index + 1)}
                      onClick={() => remove(field.name)}
                    />
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

/** A row's rule refusing it when it repeats an earlier row (`duplicates`: the indexes that do). */
export const uniqueRowRule = (duplicates: () => readonly number[], index: number, message: string) => ({
  validator: async () => {
    if (duplicates().includes(index)) throw new Error(message);
  },
});
