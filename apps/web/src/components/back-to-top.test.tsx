import { BACK_TO_TOP_PX } from '@qcdesk/contract/constants';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BackToTop } from './back-to-top';
import { renderWidget } from './test-utils';

describe('BackToTop', () => {
  afterEach(cleanup);

  it('appears once the box is scrolled 200 px', async () => {
    const box = document.createElement('div');
    document.body.append(box);
    renderWidget(<BackToTop target={() => box} />);
    box.scrollTop = BACK_TO_TOP_PX - 50;
    await act(async () => {
      fireEvent.scroll(box);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    box.scrollTop = BACK_TO_TOP_PX + 50;
    await act(async () => {
      fireEvent.scroll(box);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeTruthy();
    box.remove();
  });
});
