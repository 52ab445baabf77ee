import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { routePermitted } from '../../api/guard';
import { useSession } from '../../api/session';
import { currentLanguage } from '../../i18n/i18n';

/** Another record named on this one: a link where the caller may open its route, plain text otherwise. */
export function RecordLink({ route, to, children }: { route: string; to: string; children: ReactNode }) {
  const session = useSession();
  if (!session || !routePermitted(session, route)) return <>{children}</>;
  return <Link to={`/${currentLanguage()}/${to}`}>{children}</Link>;
}
