/**
 * Back-to-top button (spec §9): appears once the page (or `target`) is scrolled 200 px, and scrolls
 * back in 500 ms.
 *
 * BackToTop props: target?() → the scrolling element (default: the window)
 */
import { BACK_TO_TOP_MS, BACK_TO_TOP_PX } from '@qcdesk/contract/constants';
import { FloatButton } from 'antd';
import { useWidgetsTranslation } from './widgets-i18n';

export interface BackToTopProps {
  target?: () => HTMLElement | Window | Document;
}

export function BackToTop({ target }: BackToTopProps) {
  const { t } = useWidgetsTranslation();
  return (
    <FloatButton.BackTop
      visibilityHeight={BACK_TO_TOP_PX}
      duration={BACK_TO_TOP_MS}
      aria-label={t('widgets.backToTop.label')}
      tooltip={t('widgets.backToTop.label')}
      {...(target ? { target } : {})}
    />
  );
}
