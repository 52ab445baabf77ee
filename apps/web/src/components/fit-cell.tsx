/**
 * A table cell's content kept to its column's width (TableColumn `minWidth`, `wrapWidth`,
 * `ellipsis`), for a table as wide as its card whose cells wrap.
 */
import type { ReactNode } from 'react';
import type { TableColumn } from './table-columns';

/** The width a column with `ellipsis` and no `wrapWidth` wraps at, and the least it keeps. */
const ELLIPSIS_WIDTH = 240;
const ELLIPSIS_MIN_WIDTH = 80;

/**
 * A cell's content kept to the column's width: never narrower than `minWidth`, wrapped at
 * `wrapWidth`, and with `ellipsis` cut after three lines with "…" (the whole text in its title).
 * antd's own ellipsis needs a fixed table layout, which shares the width out evenly and cut short
 * values and headers such as "Active" and "State". Words break only when a single one is wider than
 * the column, so no column shrinks below its longest word (a column of e-mail addresses lets them
 * break anywhere).
 */
export function fitCell<T>(column: TableColumn<T>, content: ReactNode): ReactNode {
  if (!column.ellipsis && !column.wrapWidth) {
    return column.minWidth ? <div style={{ minWidth: column.minWidth }}>{content}</div> : content;
  }
  const wrap = {
    minWidth: column.minWidth ?? (column.ellipsis ? ELLIPSIS_MIN_WIDTH : undefined),
    maxWidth: column.wrapWidth ?? ELLIPSIS_WIDTH,
    whiteSpace: 'normal',
    overflowWrap: 'break-word',
  } as const;
  if (!column.ellipsis) return <div style={wrap}>{content}</div>;
  return (
    <div
      title={typeof content === 'string' ? content : undefined}
      style={{
        ...wrap,
        display: '-webkit-box',
        WebkitLineClamp: 3,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
      }}
    >
      {content}
    </div>
  );
}
