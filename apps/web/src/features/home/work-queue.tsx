import { DASHBOARD_QUEUE, type QueueItem } from '@qcdesk/contract/dashboard';
import type { Language } from '@qcdesk/contract/language';
import { Alert, Card, Col, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePermitted } from '../../api/guard';
import { useSession } from '../../api/session';
import { currentLanguage } from '../../i18n/i18n';
import { routeDef, routeHref } from '../../lib/route-handle';
import { useDashboardQueue } from './api';

const heading = { fontSize: 16, fontWeight: 600, margin: 0 } as const;

/** The list a count opens, with the count's filters in its URL (components/list-state.ts). */
export function queueHref(
  item: QueueItem,
  answer: { today: string; lastTaskDay: string },
  language: Language,
): string | undefined {
  const def = DASHBOARD_QUEUE[item.key];
  const route = routeDef(def.route);
  if (!route) return undefined;
  const query = new URLSearchParams(def.params(answer.today, answer.lastTaskDay)).toString();
  return `${routeHref(route, language)}?${query}`;
}

/**
 * The personal work queue on Home (issue 30): one tile per to-do set the user holds the permission
 * for, the count of the list's own search, each opening that list filtered; read again every
 * minute and when the tab comes back, without a reload.
 */
export function WorkQueue() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useSession();
  const queue = useDashboardQueue();
  const items = queue.data?.items ?? [];

  let body: ReactNode;
  if (queue.isPending) body = <Skeleton active paragraph={{ rows: 1 }} />;
  else if (queue.isError) body = <Alert type="warning" showIcon title={t('home.queueFailed')} />;
  else if (items.length === 0)
    body = <Typography.Text type="secondary">{t('home.queueEmpty')}</Typography.Text>;
  else
    body = (
      <Row gutter={[12, 12]} data-testid="work-queue">
        {items.map((item) => {
          const def = DASHBOARD_QUEUE[item.key];
          const href =
            session && routePermitted(session, def.route)
              ? queueHref(item, queue.data!, language)
              : undefined;
          const count = item.capped ? t('home.queueCapped', { count: item.count }) : String(item.count);
          const figure = (
            <>
              <span
                style={{
                  display: 'block',
                  fontSize: 26,
                  fontWeight: 600,
                  lineHeight: 1.2,
                  color: item.count > 0 ? 'var(--ant-color-primary)' : 'var(--ant-color-text-tertiary)',
                }}
              >
                {count}
              </span>{' '}
              {/* The space keeps the link's name "3 Test reports to verify" (the count is a block). */}
              <span style={{ color: 'var(--ant-color-text)' }}>{def.label[language]}</span>
            </>
          );
          return (
            <Col xs={12} sm={8} xl={6} key={item.key}>
              <Card size="small" style={{ height: '100%' }} data-testid={`work-queue-${item.key}`}>
                {href ? (
                  <Link to={href} style={{ display: 'block' }}>
                    {figure}
                  </Link>
                ) : (
                  figure
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
    );

  return (
    <section aria-labelledby="home-queue">
      <h2 id="home-queue" style={{ ...heading, marginBottom: 12 }}>
        {t('home.queue')}
      </h2>
      {body}
    </section>
  );
}
