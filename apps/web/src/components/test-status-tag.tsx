import type { ProductTestStatus } from '@qcdesk/contract/order';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordLink } from './record/record-link';

/** Issue 16: a product's test status — none, open, passed, failed, waived — as a coloured tag. */
const COLORS: Record<ProductTestStatus, string> = {
  none: 'default',
  open: 'blue',
  passed: 'green',
  failed: 'red',
  waived: 'gold',
};

/**
 * The test status of a product at a glance; with its order risk (`riskId`) the tag opens the risk's
 * detail where the caller may read it.
 */
export function TestStatusTag({ status, riskId }: { status: ProductTestStatus; riskId?: string | null }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={COLORS[status]} data-testid="test-status" data-status={status}>
      {t(`widgets.testStatus.${status}`)}
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
