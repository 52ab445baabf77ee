import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The card of the sign-in pages. Plain markup on antd's tokens rather than antd's Card, which
 * brings Tabs and Menu along and would cost the sign-in route a quarter of its budget.
 */
export function AuthCard({
  title,
  children,
  testId,
}: {
  title?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const { token } = theme.useToken();
  return (
    <section
      data-testid={testId}
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        boxShadow:
          '0 1px 2px rgba(0, 0, 0, 0.03), 0 1px 6px -1px rgba(0, 0, 0, 0.02), 0 2px 4px rgba(0, 0, 0, 0.02)',
        border: `1px solid ${token.colorBorderSecondary}`,
        padding: 24,
      }}
    >
      {title ? (
        <h1 style={{ fontSize: 22, fontWeight: 600, margin: '0 0 20px', color: token.colorTextHeading }}>
          {title}
        </h1>
      ) : null}
      {children}
    </section>
  );
}
