import { Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { ButtonLink } from './button-link';

/**
 * The states every detail screen shares (STYLE.md: one way to say "loading" and "could not load"):
 * a skeleton while the record loads; a warning with the server's message and a way back to the
 * list when it fails; the card a create or edit form sits in, titled by the page's one h1.
 */

export const detailHeading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

export function DetailLoading() {
  return (
    <Card>
      <Skeleton active />
    </Card>
  );
}

export function DetailLoadFailed(props: {
  title: string;
  message: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Result
      status="warning"
      title={<h1 style={{ fontSize: 20, margin: 0 }}>{props.title}</h1>}
      subTitle={props.message}
      extra={<ButtonLink to={props.backTo}>{props.backLabel}</ButtonLink>}
    />
  );
}

export function FormCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return <Card title={<h1 style={detailHeading}>{title}</h1>}>{children}</Card>;
}
