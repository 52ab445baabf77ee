import type { Language } from '@qcdesk/contract/messages';
import { theme } from 'antd';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { userDisplayName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import type { PlanBoard } from './api';
import { dayLoad, draftLoad, overbooked, type PlanDraft } from './plan-selection';

/** "Mon 12-01" / "周一 12-01": a grid column's heading. */
export function dayHeading(date: string, language: Language): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-GB', {
    weekday: 'short',
    timeZone: 'UTC',
  }).format(day);
  return `${weekday} ${date.slice(5)}`;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** Arrow keys move between the grid's cells (Enter or Space picks one). */
function moveFocus(event: KeyboardEvent<HTMLTableElement>) {
  const step = ARROWS[event.key];
  const at = (event.target as HTMLElement).dataset.cell?.split(':').map(Number);
  if (!step || !at) return;
  const next = event.currentTarget.querySelector<HTMLButtonElement>(
    `[data-cell="${(at[0] ?? 0) + step[0]}:${(at[1] ?? 0) + step[1]}"]`,
  );
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/**
 * The board's right side: a week of inspectors × days, each cell the inspector's man-days that day
 * (over 1.0 marked), a button (Tab or the arrow keys, then Enter) that makes that inspector the lead from that day. The
 * chosen cell and the assistants' rows are marked.
 */
export function BoardGrid({
  inspectors,
  days,
  draft,
  onChoose,
}: {
  inspectors: PlanBoard['inspectors'];
  days: readonly string[];
  draft: PlanDraft;
  onChoose: (inspectorId: string, date: string) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const language = currentLanguage();
  const cell = {
    border: `1px solid ${token.colorBorderSecondary}`,
    padding: 2,
    textAlign: 'center' as const,
  };
  return (
    <table
      style={{ borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed' }}
      onKeyDown={moveFocus}
      data-testid="plan-board-grid"
    >
      <caption style={{ textAlign: 'start', paddingBottom: 4 }}>{t('inspection-plan.gridCaption')}</caption>
      <thead>
        <tr>
          <th scope="col" style={{ ...cell, width: 140 }}>
            {t('inspection-plan.inspector')}
          </th>
          {days.map((date) => {
            // The weekday over the date: a narrow column breaks there, never inside "12-21".
            const heading = dayHeading(date, language);
            const at = heading.lastIndexOf(' ');
            return (
              <th scope="col" key={date} style={cell}>
                {heading.slice(0, at)} <br />
                <span style={{ whiteSpace: 'nowrap' }}>{heading.slice(at + 1)}</span>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {inspectors.map(({ inspector, days: loads }, row) => {
          const name = userDisplayName(inspector, language);
          const assistant = draft.assistantIds.includes(inspector.id);
          return (
            <tr key={inspector.id} style={assistant ? { background: token.colorInfoBg } : undefined}>
              <th scope="row" style={{ ...cell, textAlign: 'start', fontWeight: 500 }}>
                {name}
                {assistant ? ` · ${t('inspection-plan.assistant')}` : ''}
              </th>
              {days.map((date, column) => {
                const booked = dayLoad(loads.find((d) => d.date === date)?.manDays);
                const adding = draftLoad(draft, inspector.id, date);
                const load = booked + adding;
                const chosen = draft.leadInspectorId === inspector.id && draft.planDate === date;
                const over = overbooked(load);
                // The name holds the text the button shows ("2.0 +1"), as axe's label-in-name asks.
                const shown = load.toFixed(1);
                const added = Number(adding.toFixed(2));
                return (
                  <td key={date} style={cell}>
                    <button
                      type="button"
                      aria-pressed={chosen}
                      data-cell={`${row}:${column}`}
                      aria-label={
                        adding > 0
                          ? t('inspection-plan.cellLabelAdding', { name, date, load: shown, adding: added })
                          : t('inspection-plan.cellLabel', { name, date, load: shown })
                      }
                      onClick={() => onChoose(inspector.id, date)}
                      data-testid={`plan-board-cell-${inspector.id}-${date}`}
                      style={{
                        width: '100%',
                        minHeight: 32,
                        cursor: 'pointer',
                        borderRadius: token.borderRadiusSM,
                        border: chosen
                          ? `2px solid ${token.colorPrimary}`
                          : adding > 0
                            ? `1px dashed ${token.colorPrimary}`
                            : '1px solid transparent',
                        background: over
                          ? token.colorErrorBg
                          : load > 0
                            ? token.colorWarningBg
                            : 'transparent',
                        color: over ? token.colorError : token.colorText,
                        fontWeight: over ? 600 : 400,
                      }}
                    >
                      {load > 0 ? shown : '·'}
                      {adding > 0 ? <sup> +{added}</sup> : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
