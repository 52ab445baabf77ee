import { scoreText } from '@qcdesk/contract/daily-work-report';
import { Alert, Card, Descriptions, Empty, Flex, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { userDisplayName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { businessToday } from '../../lib/format';
import { type ScoreRow, useInspectorOptions, useScores } from './api';

/** One inspector's month: the situation as it stands and the prediction beside it. */
interface Line {
  key: string;
  name: string;
  now: ScoreRow;
  predicted: ScoreRow | undefined;
}

function useLines(rows: readonly ScoreRow[], predicted: readonly ScoreRow[]): Line[] {
  const language = currentLanguage();
  return rows
    .map((now) => ({ now, predicted: predicted.find((p) => p.inspector.id === now.inspector.id) }))
    .concat(
      predicted
        .filter((p) => !rows.some((r) => r.inspector.id === p.inspector.id))
        .map((p) => ({
          now: { ...p, score: 0, assistScore: 0, reports: 0, manDays: 0, scorePerManDay: 0, openTasks: 0 },
          predicted: p,
        })),
    )
    .map((l) => ({ ...l, key: l.now.inspector.id, name: userDisplayName(l.now.inspector, language) }));
}

/**
 * The scoring situation and the predicted scoring (DOMAIN.md §6.6) of a month: per inspector Σ
 * score and assist score, reports, man-days and score per man-day, and the same with the month's
 * open tasks counted as passed. Inspectors see their own line; QC managers everybody's.
 */
export function ScoresPanel() {
  const { t } = useTranslation();
  const session = useSession();
  const phone = useIsPhone();
  const [today] = useState(businessToday);
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const [month, setMonth] = useState(Number(today.slice(5, 7)));
  const [inspectorId, setInspectorId] = useState<string | undefined>();
  const everybody = hasPermission(session, 'dailyreport.check');
  const inspectors = useInspectorOptions();
  const language = currentLanguage();
  const { situation, predicted } = useScores({ year, month, ...(inspectorId ? { inspectorId } : {}) });
  const lines = useLines(situation.data?.list ?? [], predicted.data?.list ?? []);
  const years = [0, 1, 2].map((back) => Number(today.slice(0, 4)) - back);
  const fields: { key: string; label: string; value: (l: Line) => string }[] = [
    { key: 'score', label: t('daily-work-report.score'), value: (l) => scoreText(l.now.score) },
    {
      key: 'assistScore',
      label: t('daily-work-report.assistScore'),
      value: (l) => scoreText(l.now.assistScore),
    },
    { key: 'reports', label: t('daily-work-report.reports'), value: (l) => String(l.now.reports) },
    { key: 'manDays', label: t('daily-work-report.manDays'), value: (l) => String(l.now.manDays) },
    {
      key: 'perManDay',
      label: t('daily-work-report.perManDay'),
      value: (l) => scoreText(l.now.scorePerManDay),
    },
    {
      key: 'predicted',
      label: t('daily-work-report.predicted'),
      value: (l) => scoreText(l.predicted?.score ?? l.now.score),
    },
    {
      key: 'predictedAssist',
      label: t('daily-work-report.predictedAssist'),
      value: (l) => scoreText(l.predicted?.assistScore ?? l.now.assistScore),
    },
    {
      key: 'openTasks',
      label: t('daily-work-report.openTasks'),
      value: (l) => String(l.predicted?.openTasks ?? 0),
    },
    {
      key: 'predictedPerManDay',
      label: t('daily-work-report.predictedPerManDay'),
      value: (l) => scoreText(l.predicted?.scorePerManDay ?? l.now.scorePerManDay),
    },
  ];
  return (
    <Card title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('daily-work-report.scoresTitle')}</h1>}>
      <Flex vertical gap={12}>
        <Flex gap={8} wrap>
          <Select
            aria-label={t('daily-work-report.year')}
            value={year}
            onChange={setYear}
            options={years.map((y) => ({ value: y, label: String(y) }))}
            style={{ width: 100 }}
            data-testid="daily-score-year"
          />
          <Select
            aria-label={t('daily-work-report.month')}
            value={month}
            onChange={setMonth}
            options={Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
            style={{ width: 80 }}
            data-testid="daily-score-month"
          />
          {everybody ? (
            <Select
              aria-label={t('daily-work-report.inspector')}
              placeholder={t('daily-work-report.inspector')}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={inspectorId}
              onChange={setInspectorId}
              options={inspectors.map((i) => ({ value: String(i.code), label: i[language] }))}
              style={{ minWidth: 180 }}
              data-testid="daily-score-inspector"
            />
          ) : null}
        </Flex>
        <Typography.Text type="secondary">{t('daily-work-report.scoresNote')}</Typography.Text>
        {situation.isError ? <Alert type="error" title={t('daily-work-report.loadFailed')} /> : null}
        {lines.length === 0 && !situation.isLoading ? (
          <Empty description={t('daily-work-report.noScores')} />
        ) : phone ? (
          lines.map((l) => (
            <Card key={l.key} size="small" title={l.name} data-testid="daily-score-card">
              <Descriptions
                column={1}
                size="small"
                items={fields.map((f) => ({
                  key: f.key,
                  label: f.label,
                  children: <span data-testid={`daily-score-${f.key}`}>{f.value(l)}</span>,
                }))}
              />
            </Card>
          ))
        ) : (
          <Table<Line>
            rowKey="key"
            size="small"
            pagination={false}
            loading={situation.isLoading}
            dataSource={lines}
            data-testid="daily-score-table"
            columns={[
              { key: 'name', title: t('daily-work-report.inspector'), render: (_v, l) => l.name },
              ...fields.map((f) => ({
                key: f.key,
                title: f.label,
                align: 'right' as const,
                render: (_v: unknown, l: Line) => (
                  <span data-testid={`daily-score-${f.key}`}>{f.value(l)}</span>
                ),
              })),
            ]}
          />
        )}
      </Flex>
    </Card>
  );
}
