import { theme } from 'antd';
import { type ReactNode, useId } from 'react';

/**
 * A labelled field with its error under it, for the sign-in form. antd's Form would bring its
 * validator, grid and tooltip to the sign-in route (~30 KB gzip of a 250 KB budget); two fields do
 * not need them. Laid out as antd's vertical form items.
 */
export function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: (props: {
    id: string;
    'aria-invalid'?: boolean;
    'aria-describedby'?: string;
    status?: 'error';
  }) => ReactNode;
}) {
  const id = useId();
  const { token } = theme.useToken();
  const errorId = `${id}-error`;
  return (
    <div style={{ marginBottom: 20 }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: 8 }}>
        {label}
      </label>
      {children(error ? { id, 'aria-invalid': true, 'aria-describedby': errorId, status: 'error' } : { id })}
      {error ? (
        <div id={errorId} role="alert" style={{ color: token.colorError, marginTop: 4, minHeight: 22 }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
