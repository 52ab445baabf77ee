import { type ConfigRow, configListOperations, holidayCalendar } from '@qcdesk/contract/config';
import { enumerationList } from '@qcdesk/contract/enumerations';
import type { OperationDef } from '@qcdesk/contract/operation';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { i18n } from '../../i18n/i18n';
import type { CalendarDay } from './api';
import { HolidayCalendar, monthGrid, monthOf } from './holiday-calendar';

const ops = configListOperations.holiday;

interface Entry {
  date: string;
  dayType: 1 | 2 | 3;
  nameZh: string;
  nameEn: string;
}

const NATIONAL_DAY: Entry = { date: '2026-10-01', dayType: 1, nameZh: '国庆节', nameEn: 'National Day' };
const WORKING_SATURDAY: Entry = {
  date: '2026-10-10',
  dayType: 3,
  nameZh: '国庆节调休上班',
  nameEn: 'National Day working day',
};

/** The server's answer for a range (DOMAIN.md §6.7, §6.12) with the given holiday rows. */
function buildCalendar(
  startDate: string,
  endDate: string,
  entries: readonly Entry[],
): { days: CalendarDay[] } {
  const days: CalendarDay[] = [];
  for (let day = new Date(`${startDate}T00:00:00Z`); ; day = new Date(day.getTime() + 86_400_000)) {
    const date = day.toISOString().slice(0, 10);
    if (date > endDate) break;
    const entry = entries.find((e) => e.date === date);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    const working = entry ? entry.dayType === 3 : !weekend;
    days.push({
      date,
      dayType: entry?.dayType === 1 ? 'HOLIDAY' : working ? 'WORKDAY' : 'REST',
      working,
      holidayType: entry?.dayType ?? null,
      nameZh: entry?.nameZh ?? null,
      nameEn: entry?.nameEn ?? null,
    });
  }
  return { days };
}

const buildRow = (entry: Entry, overrides: Partial<ConfigRow> = {}): ConfigRow => ({
  id: '41',
  version: 3,
  active: 1,
  valid: 1,
  sort: 0,
  code: null,
  remark: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  refs: {},
  ...entry,
  ...overrides,
});

const HOLIDAY_TYPES = {
  HolidayType: [
    { code: 1, zh: '法定节假日', en: 'Statutory holiday' },
    { code: 2, zh: '调休放假', en: 'Rest day (adjusted)' },
    { code: 3, zh: '调休上班', en: 'Working day (adjusted)' },
  ],
};

function mockServer(entries: readonly Entry[] = [NATIONAL_DAY, WORKING_SATURDAY]) {
  return vi.spyOn(api, 'call').mockImplementation(async (op: OperationDef, input: unknown) => {
    const values = input as Record<string, string>;
    if (op === holidayCalendar) return buildCalendar(values.startDate!, values.endDate!, entries);
    if (op === ops.search) {
      const list = entries.map((e, i) => buildRow(e, { id: String(41 + i) }));
      return { list, page: 1, pageSize: 100, total: list.length, totalCapped: false };
    }
    if (op === enumerationList) return { enumerations: HOLIDAY_TYPES };
    if (op === ops.create || op === ops.update) return buildRow(NATIONAL_DAY);
    throw new Error(`unexpected call ${op.path}`);
  });
}

async function renderCalendar({ editable = false, language = 'en' as 'en' | 'zh', month = '2026-10' } = {}) {
  await i18n.changeLanguage(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {/* Without motion the day's dialog leaves the page as soon as it closes. */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <HolidayCalendar month={month} onMonthChange={vi.fn()} editable={editable} />
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const dayCell = (date: string) => {
  const cell = screen
    .getAllByTestId('holiday-day')
    .find((element) => element.getAttribute('data-date') === date);
  if (!cell) throw new Error(`no cell for ${date}`);
  return cell;
};

/** Waits until the server's answer is drawn (the 1st of October a holiday). */
const loaded = () => waitFor(() => expect(dayCell('2026-10-01').getAttribute('data-kind')).toBe('holiday'));

describe('HolidayCalendar', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lays a month out in weeks from Monday, and keeps a month param only when it is one', () => {
    const weeks = monthGrid('2026-10');
    expect(weeks[0]).toEqual([
      '2026-09-28',
      '2026-09-29',
      '2026-09-30',
      '2026-10-01',
      '2026-10-02',
      '2026-10-03',
      '2026-10-04',
    ]);
    expect(weeks.at(-1)?.at(-1)).toBe('2026-11-01');
    expect(monthGrid('2027-02')).toHaveLength(4);
    expect(monthOf('2026-10')).toBe('2026-10');
    expect(monthOf('2026-13', dayjs('2026-11-21'))).toBe('2026-11');
    expect(monthOf('2300-01', dayjs('2026-11-21'))).toBe('2026-11');
  });

  it('shows a holiday with its name and a weekend made a working day as working (English)', async () => {
    mockServer();
    await renderCalendar();
    await loaded();

    const holiday = dayCell('2026-10-01');
    expect(holiday.textContent).toContain('National Day');
    expect(holiday.textContent).toContain('Off');
    expect(holiday.textContent).toContain('2026-10-01 Thursday: Statutory holiday, National Day');

    // Saturday the 10th is worked: cued "Work", not "Off", and described as a working day.
    const saturday = dayCell('2026-10-10');
    expect(saturday.getAttribute('data-kind')).toBe('adjustedWorkday');
    expect(saturday.textContent).toContain('Work');
    expect(saturday.textContent).not.toContain('Off');
    expect(saturday.textContent).toContain('Working day (adjusted), National Day working day');

    expect(dayCell('2026-10-11').getAttribute('data-kind')).toBe('weekend');
    expect(dayCell('2026-10-11').textContent).toContain('Off');
    expect(dayCell('2026-10-12').getAttribute('data-kind')).toBe('workday');

    // Read-only: the days are not buttons.
    expect(screen.queryAllByRole('button', { name: /2026-10-12/ })).toHaveLength(0);
    const entries = within(screen.getByTestId('holiday-entries'));
    expect(entries.getByText('National Day')).toBeTruthy();
    expect(entries.getByText('National Day working day')).toBeTruthy();
  });

  it('names holidays in the interface language (Chinese)', async () => {
    mockServer();
    await renderCalendar({ language: 'zh' });
    await loaded();
    expect(dayCell('2026-10-01').textContent).toContain('国庆节');
    expect(dayCell('2026-10-01').textContent).not.toContain('National Day');
    expect(dayCell('2026-10-10').textContent).toContain('班');
    expect(screen.getByRole('table', { name: '2026年10月' })).toBeTruthy();
  });

  it('lets an editor make a day a holiday, and change an existing one with its version', async () => {
    const call = mockServer();
    await renderCalendar({ editable: true });
    await waitFor(() => expect(screen.getByRole('button', { name: /2026-10-30/ })).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: /2026-10-30/ }));
    const form = await screen.findByTestId('holiday-form');
    // A weekday is offered as a statutory holiday first.
    const statutory = await within(form).findByRole('radio', { name: 'Statutory holiday' });
    expect((statutory as HTMLInputElement).checked).toBe(true);
    expect(within(form).getByRole('radiogroup', { name: 'Day type' })).toBeTruthy();
    fireEvent.click(within(form).getByTestId('holiday-save'));
    expect(await within(form).findByText('Chinese name must not be empty')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Chinese name'), { target: { value: '公司庆典' } });
    fireEvent.change(within(form).getByLabelText('English name'), { target: { value: 'Company day' } });
    fireEvent.click(within(form).getByTestId('holiday-save'));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        ops.create,
        { date: '2026-10-30', dayType: 1, nameZh: '公司庆典', nameEn: 'Company day', sort: 0 },
        { silent: true },
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('holiday-form')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: /2026-10-01/ }));
    const edit = await screen.findByTestId('holiday-form');
    expect((within(edit).getByLabelText('English name') as HTMLInputElement).value).toBe('National Day');
    fireEvent.click(within(edit).getByRole('radio', { name: 'Rest day (adjusted)' }));
    fireEvent.click(within(edit).getByTestId('holiday-save'));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(ops.update, { id: '41', version: 3, dayType: 2 }, { silent: true }),
    );
  });
});
