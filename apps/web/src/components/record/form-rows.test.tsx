import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Col, Form, Input } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidget } from '../test-utils';
import { duplicateIndexes, FormRows } from './form-rows';

type Line = { code?: string };

function Lines({ initial }: { initial: Line[] }) {
  return (
    <Form initialValues={{ lines: initial }}>
      <FormRows
        name="lines"
        testId="line"
        emptyText="No lines"
        addLabel="Add a line"
        newRow={() => ({ code: '' })}
        removeLabel={(n) => `Remove line ${n}`}
        removeCol={{ span: 2 }}
      >
        {(field, { unique }) => (
          <Col span={22}>
            <Form.Item
              name={[field.name, 'code']}
              label="Code"
              rules={[unique((line: Line) => line.code || undefined, 'Listed twice')]}
            >
              <Input />
            </Form.Item>
          </Col>
        )}
      </FormRows>
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

describe('duplicateIndexes', () => {
  it('lists the rows repeating an earlier one, not rows without a key', () => {
    expect(
      duplicateIndexes([{ k: 'a' }, { k: 'b' }, { k: 'a' }, {}, {}], (r: { k?: string }) => r.k),
    ).toEqual([2]);
    expect(duplicateIndexes(undefined, (r: { k?: string }) => r.k)).toEqual([]);
  });
});

describe('FormRows', () => {
  afterEach(cleanup);

  it('says none, adds and removes rows by their buttons', () => {
    renderWidget(<Lines initial={[]} />);
    expect(screen.getByText('No lines')).toBeTruthy();
    fireEvent.click(screen.getByTestId('line-add'));
    expect(screen.getAllByTestId('line-row')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(screen.queryAllByTestId('line-row')).toHaveLength(0);
  });

  it('marks a row that repeats an earlier one', async () => {
    renderWidget(<Lines initial={[{ code: 'A' }, { code: 'A' }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Listed twice')).toHaveLength(1));
  });
});
