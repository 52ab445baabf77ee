import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TAG_GAP, TagList } from './tag-list';
import { renderWidget } from './test-utils';

describe('TagList', () => {
  it('shows each item as a tag in a wrapping row with a gap', () => {
    renderWidget(
      <TagList
        items={[
          { key: 'GB', label: 'United Kingdom' },
          { key: 'DE', label: 'Germany' },
        ]}
      />,
    );
    const list = screen.getByTestId('tag-list');
    expect(list.children).toHaveLength(2);
    expect(list.className).toMatch(/ant-flex-wrap-wrap/);
    expect(list.style.gap).toBe(`${TAG_GAP}px`);
    expect(screen.getByText('Germany')).toBeTruthy();
  });

  it('shows the empty text without items', () => {
    renderWidget(<TagList items={[]} empty="none" />);
    expect(screen.queryByTestId('tag-list')).toBeNull();
    expect(screen.getByText('none')).toBeTruthy();
  });
});
