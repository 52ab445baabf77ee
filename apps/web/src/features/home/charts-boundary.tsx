import { Alert } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Home's charts fail alone: an error while loading their chunk (a deploy replaced it) or drawing them
 * shows one line where they would be, and the work queue and the areas stay usable.
 */
class Boundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function ChartsBoundary({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Boundary fallback={<Alert type="warning" showIcon title={t('dashboard.failed')} />}>{children}</Boundary>
  );
}
