import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Flex, Input, Row, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '../../components/notify';
import { refName, userDisplayName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { currentLanguage } from '../../i18n/i18n';
import { businessToday } from '../../lib/format';
import { usePlanBoard } from './api';
import { BoardApplications } from './plan-board-applications';
import { BoardGrid, dayHeading } from './plan-board-grid';
import { BoardPanel } from './plan-board-panel';
import {
  chooseSlot,
  dayLoad,
  emptyDraft,
  overbooked,
  type PlanDraft,
  shiftWeek,
  toggleApplication,
  weekOf,
} from './plan-selection';

/**
 * The planning board (issue 26, a PC screen): one `inspection/plan/board` call for a week — open
 * applications by factory and date on the left, inspectors × days on the right, the plan panel
 * under them. `?week=` (any date of it) keeps the week. At phone width the board is a read-only list.
 */
export function PlanBoard() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const days = weekOf(params.get('week') ?? businessToday());
  const [factory, setFactory] = useState('');
  const [draft, setDraftState] = useState(emptyDraft);
  // A selection on the board is unsaved work: leaving the page asks first (a new week does not).
  const guard = useLeaveGuard();
  const setDraft = (next: PlanDraft) => {
    setDraftState(next);
    if (next.applyIds.length || next.leadInspectorId) guard.change();
    else guard.settle();
  };
  const board = usePlanBoard(days[0] as string, days[6] as string, factory);
  const inspectors = useMemo(() => board.data?.inspectors.map((i) => i.inspector) ?? [], [board.data]);
  const factoryName = useMemo(() => {
    const found = board.data?.factories.find((f) => f.factory.id === draft.factoryId);
    return found ? refName(found.factory, language) : null;
  }, [board.data, draft.factoryId, language]);
  const goWeek = (weeks: number) =>
    setParams(
      (p) => {
        p.set('week', shiftWeek(days[0] as string, weeks));
        return p;
      },
      { replace: true },
    );

  const toolbar = (
    <Flex gap={8} wrap align="center">
      <Button icon={<LeftOutlined />} onClick={() => goWeek(-1)} aria-label={t('inspection-plan.prevWeek')} />
      <Typography.Text strong data-testid="plan-board-week">
        {days[0]} – {days[6]}
      </Typography.Text>
      <Button icon={<RightOutlined />} onClick={() => goWeek(1)} aria-label={t('inspection-plan.nextWeek')} />
      <Input.Search
        allowClear
        style={{ width: 220 }}
        placeholder={t('inspection-plan.factory')}
        aria-label={t('inspection-plan.factory')}
        onSearch={setFactory}
      />
    </Flex>
  );
  if (board.isPending) return <Spin />;
  if (board.isError) return <Alert type="error" showIcon title={board.error.message} />;
  const data = board.data;

  if (phone) {
    return (
      <Flex vertical gap={12} data-testid="plan-board-phone">
        {toolbar}
        <Alert type="info" showIcon title={t('inspection-plan.boardOnPc')} />
        <BoardApplications factories={data.factories} selected={[]} onToggle={() => undefined} readOnly />
        {data.inspectors.map(({ inspector, days: loads }) => (
          <Typography.Paragraph key={inspector.id} style={{ margin: 0 }}>
            <strong>{userDisplayName(inspector, language)}</strong>
            <br />
            {loads.length
              ? loads
                  .map((d) => {
                    const load = dayLoad(d.manDays);
                    const text = t('inspection-plan.dayLoad', {
                      date: dayHeading(d.date, language),
                      load: load.toFixed(1),
                    });
                    return overbooked(load) ? `${text} ⚠` : text;
                  })
                  .join(' · ')
              : t('inspection-plan.free')}
          </Typography.Paragraph>
        ))}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={12} data-testid="plan-board">
      {toolbar}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <BoardApplications
            factories={data.factories}
            selected={draft.applyIds}
            onToggle={(apply, factoryId) => {
              const next = toggleApplication(draft, { id: apply.id, factoryId });
              if (next.switched) notify('info', t('inspection-plan.factorySwitched'));
              if (next.full) notify('warning', t('inspection-plan.appliesFull'));
              setDraft(next.draft);
            }}
          />
        </Col>
        <Col xs={24} xl={14}>
          <Flex vertical gap={12}>
            <div style={{ overflowX: 'auto' }}>
              <BoardGrid
                inspectors={data.inspectors}
                days={days}
                draft={draft}
                onChoose={(id, date) => setDraft(chooseSlot(draft, id, date))}
              />
            </div>
            <BoardPanel
              draft={draft}
              onChange={setDraft}
              inspectors={inspectors}
              factoryName={factoryName}
              onCreated={() => setDraft(emptyDraft())}
            />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
