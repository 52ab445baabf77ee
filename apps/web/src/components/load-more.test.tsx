import { LOAD_MORE_SPINNER_SIZE } from '@qcdesk/contract/constants';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadMore } from './load-more';
import { renderWidget } from './test-utils';

describe('LoadMore', () => {
  afterEach(cleanup);

  it('shows the button while more can be loaded', () => {
    const onLoadMore = vi.fn();
    renderWidget(<LoadMore loading={false} hasMore onLoadMore={onLoadMore} />);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('hides the button and shows a size-30 spinner while loading', () => {
    renderWidget(<LoadMore loading hasMore onLoadMore={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
    const icon = document.querySelector<HTMLElement>('.anticon-loading');
    expect(icon?.style.fontSize).toBe(`${LOAD_MORE_SPINNER_SIZE}px`);
  });

  it('says when the end is reached', () => {
    renderWidget(<LoadMore loading={false} hasMore={false} onLoadMore={() => {}} />, { language: 'zh' });
    expect(screen.getByText('没有更多了')).toBeTruthy();
  });
});
