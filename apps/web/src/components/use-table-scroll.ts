/**
 * The sideways scroll of a list's table. The table is as wide as its card and wraps its cells
 * (`scroll.x: true`) while that fits; when even its narrowest layout (every cell wrapped) is wider
 * than the card, it gets a width of its own and scrolls inside the card. That width is a number,
 * not `max-content`: the sticky header is a second table that only follows the body's columns
 * when both tables have the same width.
 */
import { type DependencyList, type RefObject, useLayoutEffect, useState } from 'react';

/** Room given beyond the narrowest layout when the table must scroll, so cells are not squeezed. */
const ROOM = 1.2;

/** The width the table takes: `true` (the card's), or the pixels it scrolls within. */
export function tableScrollWidth(available: number, minContent: number, maxContent: number): true | number {
  if (minContent <= available + 1) return true;
  return Math.ceil(Math.min(maxContent, minContent * ROOM));
}

/** The body table's narrowest and widest layouts, measured by setting its width for a moment. */
function measure(table: HTMLTableElement): { min: number; max: number } {
  const { width, minWidth } = table.style;
  table.style.minWidth = '0';
  table.style.width = 'min-content';
  const min = table.getBoundingClientRect().width;
  table.style.width = 'max-content';
  const max = table.getBoundingClientRect().width;
  table.style.width = width;
  table.style.minWidth = minWidth;
  return { min, max };
}

export function useTableScroll(wrapper: RefObject<HTMLElement | null>, deps: DependencyList): true | number {
  const [x, setX] = useState<true | number>(true);
  useLayoutEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const update = () => {
      const container = element.querySelector<HTMLElement>('.ant-table-container');
      const table = element.querySelector<HTMLTableElement>(
        '.ant-table-body > table, .ant-table-content > table',
      );
      if (!container || !table) return;
      const { min, max } = measure(table);
      const next = tableScrollWidth(container.clientWidth, min, max);
      setX((current) => (current === next ? current : next));
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, deps);
  return x;
}
