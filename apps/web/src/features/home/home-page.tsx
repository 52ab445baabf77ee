import { MailOutlined } from '@ant-design/icons';
import { DATE_FORMAT } from '@qcdesk/contract/constants';
import { isModuleCode, MODULE_LABELS } from '@qcdesk/contract/roles';
import { Alert, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { MODULE_ICONS } from '../../components/module-icons';
import { currentLanguage } from '../../i18n/i18n';
import { displayName } from '../../lib/display-name';
import { routeDef, routeHref } from '../../lib/route-handle';
import { useFailedMailCount } from './api';
import { ChartsBoundary } from './charts-boundary';
import { SystemInfoCard } from './system-info-card';
import { WorkQueue } from './work-queue';

// The charts (and through them ECharts) are a chunk of their own, fetched after Home's first paint.
const DashboardCharts = lazy(() =>
  import('./dashboard-charts').then((m) => ({ default: m.DashboardCharts })),
);

const heading = { fontSize: 16, fontWeight: 600, margin: 0 } as const;

function useGreeting(): string {
  const { t } = useTranslation();
  const hour = dayjs().hour();
  if (hour < 12) return t('home.morning');
  if (hour < 18) return t('home.afternoon');
  return t('home.evening');
}

/**
 * What the signed-in user acts on today: a greeting, their work queue and charts (issue 30), their areas as
 * shortcuts (the same permission-filtered routes as the menu), the outbox for administrators, and
 * the system information (not for CLIENT users).
 */
export function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const greeting = useGreeting();
  const mailAdmin = hasPermission(session, 'mail.admin');
  const failedMail = useFailedMailCount(mailAdmin);

  const modules = (session?.navigation.main ?? []).filter(isModuleCode).filter((m) => m !== 'HOME');
  const name = session ? displayName(session, language) : '';

  return (
    <Flex vertical gap={16}>
      <Card data-testid="home-greeting">
        <h1 style={{ fontSize: 22, fontWeight: 600, margin: 0 }}>{t('home.greeting', { greeting, name })}</h1>
        {session ? (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {session.title} · {session.department} · {dayjs().format(`${DATE_FORMAT} dddd`)}
          </Typography.Paragraph>
        ) : null}
      </Card>

      {mailAdmin && failedMail.data && failedMail.data.total > 0 ? (
        <Alert
          type="warning"
          showIcon
          icon={<MailOutlined />}
          title={t('home.failedMail', { count: failedMail.data.total })}
          action={
            <ButtonLink size="small" to={`/${language}/config/mailbox`}>
              {t('home.openMailbox')}
            </ButtonLink>
          }
        />
      ) : null}

      <WorkQueue />

      <ChartsBoundary>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
          <DashboardCharts />
        </Suspense>
      </ChartsBoundary>

      <section aria-labelledby="home-areas">
        <h2 id="home-areas" style={{ ...heading, marginBottom: 12 }}>
          {t('home.areas')}
        </h2>
        {modules.length === 0 ? (
          <Card>
            <Typography.Text type="secondary">{t('home.noAreas')}</Typography.Text>
          </Card>
        ) : (
          <Row gutter={[16, 16]} data-testid="home-modules">
            {modules.map((module) => {
              const routes = (session?.navigation.secondary[module] ?? []).flatMap((r) => {
                const def = routeDef(r);
                return def ? [def] : [];
              });
              return (
                <Col xs={24} sm={12} xl={8} key={module}>
                  <Card
                    size="small"
                    title={
                      <Flex gap={8} align="center">
                        <span aria-hidden style={{ color: 'var(--ant-color-primary)' }}>
                          {MODULE_ICONS[module]}
                        </span>
                        <h3 style={{ ...heading, fontSize: 15 }}>{MODULE_LABELS[module][language]}</h3>
                      </Flex>
                    }
                    style={{ height: '100%' }}
                  >
                    <Flex wrap gap="4px 16px">
                      {routes.map((def) => (
                        <Link key={def.name} to={routeHref(def, language)}>
                          {def.label[language]}
                        </Link>
                      ))}
                    </Flex>
                  </Card>
                </Col>
              );
            })}
          </Row>
        )}
      </section>

      {/* Staff only: an external client has no use for the server's version and database (issue 25). */}
      {session?.roleCode === 'CLIENT' ? null : <SystemInfoCard />}
    </Flex>
  );
}
