import { INFINITE_SCROLL_SPINNER_SIZE } from '@qcdesk/contract/constants';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InfiniteScroll, isNearBottom } from './infinite-scroll';
import { renderWidget } from './test-utils';

describe('isNearBottom', () => {
  it('is true within 5 px of the bottom', () => {
    expect(isNearBottom({ scrollTop: 495, clientHeight: 500, scrollHeight: 1000 })).toBe(true);
    expect(isNearBottom({ scrollTop: 494, clientHeight: 500, scrollHeight: 1000 })).toBe(false);
    expect(isNearBottom({ scrollTop: 0, clientHeight: 500, scrollHeight: 300 })).toBe(true);
  });
});

function sized(element: HTMLElement, scrollHeight: number, clientHeight: number) {
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: clientHeight });
}

describe('InfiniteScroll', () => {
  afterEach(cleanup);

  it('asks for more when its box is scrolled near the bottom', () => {
    const onLoadMore = vi.fn();
    renderWidget(
      <InfiniteScroll hasMore loading={false} onLoadMore={onLoadMore} height={500}>
        <p>rows</p>
      </InfiniteScroll>,
    );
    const box = screen.getByText('rows').parentElement!;
    sized(box, 1000, 500);
    box.scrollTop = 400;
    fireEvent.scroll(box);
    const before = onLoadMore.mock.calls.length;
    box.scrollTop = 496;
    fireEvent.scroll(box);
    expect(onLoadMore.mock.calls.length).toBe(before + 1);
  });

  it('shows a size-24 spinner while loading and asks for nothing meanwhile', () => {
    const onLoadMore = vi.fn();
    renderWidget(
      <InfiniteScroll hasMore loading onLoadMore={onLoadMore} height={500}>
        <p>rows</p>
      </InfiniteScroll>,
    );
    const icon = document.querySelector<HTMLElement>('.anticon-loading');
    expect(icon?.style.fontSize).toBe(`${INFINITE_SCROLL_SPINNER_SIZE}px`);
    const box = screen.getByText('rows').parentElement!;
    sized(box, 1000, 500);
    box.scrollTop = 500;
    fireEvent.scroll(box);
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('says when everything is loaded', () => {
    renderWidget(
      <InfiniteScroll hasMore={false} loading={false} onLoadMore={() => {}}>
        <p>rows</p>
      </InfiniteScroll>,
      { language: 'zh' },
    );
    expect(screen.getByText('没有更多了')).toBeTruthy();
  });
});
