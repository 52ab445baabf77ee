/**
 * A row of tags (countries, e-mails, modules, test items) that wraps with a gap between them: antd 6
 * tags carry no margin of their own, so side by side they would touch.
 *
 * TagList props: items (key + label), empty? (shown when there are none; '-' by default)
 */
import { Flex, Tag } from 'antd';
import type { ReactNode } from 'react';

export interface TagListItem {
  key: string;
  label: ReactNode;
}

/** The gap between tags, across and down, in pixels. */
export const TAG_GAP = 6;

export function TagList({ items, empty = '-' }: { items: readonly TagListItem[]; empty?: ReactNode }) {
  if (items.length === 0) return <>{empty}</>;
  return (
    <Flex wrap gap={TAG_GAP} data-testid="tag-list">
      {items.map((item) => (
        <Tag key={item.key} style={{ marginInlineEnd: 0 }}>
          {item.label}
        </Tag>
      ))}
    </Flex>
  );
}
