import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { type ConfirmOptions, useConfirm } from './confirm-dialog';
import { renderWidget } from './test-utils';

function Harness({ options, onAnswer }: { options: ConfirmOptions; onAnswer: (ok: boolean) => void }) {
  const [confirm, holder] = useConfirm();
  return (
    <>
      {holder}
      <Button onClick={() => void confirm(options).then(onAnswer)}>Go</Button>
    </>
  );
}

async function ask(options: ConfirmOptions, language: 'zh' | 'en' = 'en') {
  const answers: boolean[] = [];
  renderWidget(<Harness options={options} onAnswer={(ok) => answers.push(ok)} />, { language });
  fireEvent.click(screen.getByRole('button', { name: 'Go' }));
  await screen.findByRole('dialog');
  return answers;
}

describe('useConfirm', () => {
  afterEach(cleanup);

  it('asks with a red Delete button for a destructive action and answers true on confirm', async () => {
    const answers = await ask({ content: 'Delete the order?', danger: true });
    const ok = screen.getByRole('button', { name: 'Delete' });
    expect(ok.className).toContain('dangerous');
    expect(screen.getByRole('dialog').textContent).toContain('Please confirm');
    await waitFor(() => expect(document.activeElement).toBe(ok));
    fireEvent.click(ok);
    await waitFor(() => expect(answers).toEqual([true]));
  });

  it('answers false on Esc', async () => {
    const answers = await ask({ title: '取消大货样？', content: '' }, 'zh');
    expect(screen.getByRole('button', { name: /确\s?定/ }).className).not.toContain('dangerous');
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape', code: 'Escape', keyCode: 27 });
    });
    await waitFor(() => expect(answers).toEqual([false]));
  });

  it('answers false on Cancel', async () => {
    const answers = await ask({ content: 'Sure?' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(answers).toEqual([false]));
  });
});
