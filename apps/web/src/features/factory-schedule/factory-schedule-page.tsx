import { PlusOutlined } from '@ant-design/icons';
import { createFactorySchedule } from '@qcdesk/contract/factory-schedule';
import { Button, Card, DatePicker, Flex, Input, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ConfigSelect } from '../../components/config-select';
import { pageHeading } from '../../components/list-page';
import type { FactoryScheduleRow } from './api';
import { FactoryScheduleCalendar } from './factory-schedule-calendar';
import { FactoryScheduleForm } from './factory-schedule-form';
import { FactoryScheduleList } from './factory-schedule-list';
import { FactoryScheduleMonth } from './factory-schedule-month';

const VIEWS = ['calendar', 'month', 'list'] as const;
type View = (typeof VIEWS)[number];
const viewOf = (v: string | null): View =>
  (VIEWS as readonly string[]).includes(v ?? '') ? (v as View) : 'calendar';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Spec §2 FactorySchedule (`factory/schedule`): a factory's calendar (its production runs and
 * closures), the month across factories and the schedule list with create, modify and delete
 * (schedule.edit). `?view=`, `?month=YYYY-MM` and `?factory=` (an id) keep the choice in the URL.
 */
export function FactorySchedulePage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('view'));
  const month = MONTH.test(params.get('month') ?? '') ? params.get('month')! : dayjs().format('YYYY-MM');
  const factoryId = params.get('factory');
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<FactoryScheduleRow | 'new' | null>(null);
  const mayEdit = hasPermission(session, createFactorySchedule.permission);
  const set = (key: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <h1 style={pageHeading}>{t('factory-schedule.title')}</h1>
          {mayEdit ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing('new')}
              data-testid="factory-schedule-create"
            >
              {t('factory-schedule.create')}
            </Button>
          ) : null}
        </Flex>
        <Segmented<View>
          value={view}
          onChange={(next) => set('view', next === 'calendar' ? null : next)}
          options={[
            { value: 'calendar', label: t('factory-schedule.view.calendar') },
            { value: 'month', label: t('factory-schedule.view.month') },
            { value: 'list', label: t('factory-schedule.view.list') },
          ]}
          data-testid="factory-schedule-views"
        />
        <Flex gap={8} wrap>
          <DatePicker
            picker="month"
            allowClear={false}
            aria-label={t('factory-schedule.month')}
            value={dayjs(`${month}-01`)}
            onChange={(date) => set('month', date ? date.format('YYYY-MM') : null)}
          />
          {view === 'month' ? (
            <Input.Search
              allowClear
              style={{ maxWidth: 260 }}
              placeholder={t('factory-schedule.factorySearch')}
              onSearch={(value) => setText(value.trim())}
            />
          ) : (
            <ConfigSelect<string | null>
              list="factory"
              allowClear
              style={{ minWidth: 220 }}
              placeholder={t('factory-schedule.factoryPick')}
              aria-label={t('factory-schedule.factory')}
              value={factoryId}
              onChange={(value) => set('factory', value)}
            />
          )}
        </Flex>
        {view === 'calendar' ? (
          <FactoryScheduleCalendar factoryId={factoryId} month={month} onMonth={(m) => set('month', m)} />
        ) : view === 'month' ? (
          <FactoryScheduleMonth month={month} factory={text} />
        ) : (
          <FactoryScheduleList month={month} factoryId={factoryId} mayEdit={mayEdit} onEdit={setEditing} />
        )}
      </Flex>
      {mayEdit ? (
        <FactoryScheduleForm
          key={editing === null ? 'closed' : editing === 'new' ? 'new' : `${editing.id}:${editing.version}`}
          open={editing !== null}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}
