import type { ProductTestStatus } from '@qcdesk/contract/order';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Issue 16: a product's test status — none, open, passed, failed, waived — as a coloured tag. */
const TEST_STATUS: Record<ProductTestStatus, { color: string; text: (t: TFunction) => string }> = {
  none: { color: 'default', text: (t) => t('widgets.testStatus.none') },
  open: { color: 'blue', text: (t) => t('widgets.testStatus.open') },
  passed: { color: 'green', text: (t) => t('widgets.testStatus.passed') },
  failed: { color: 'red', text: (t) => t('widgets.testStatus.failed') },
  waived: { color: 'gold', text: (t) => t('widgets.testStatus.waived') },
};

/**
 * The test status of a product at a glance; with its order risk (`riskId`) the tag opens the risk's
 * detail where the caller may read it.
 */
export function TestStatusTag({ status, riskId }: { status: ProductTestStatus; riskId?: string | null }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={TEST_STATUS[status].color} data-testid="test-status" data-status={status}>
      {TEST_STATUS[status].text(t)}
    </Tag>
  );
  return riskId ? (
    <RecordLink route="OrderRiskDetail" to={`orderrisk/${riskId}`}>
      {tag}
    </RecordLink>
  ) : (
    tag
  );
}
