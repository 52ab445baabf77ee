import { Menu, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { languageOf } from '../../components/widgets-i18n';

/** One entry of the picker: a list of the registry, or a mail page for mail.admin. */
export interface PickerEntry {
  name: string;
  zh: string;
  en: string;
  group: 'general' | 'qc' | 'lab' | 'mail';
}

const GROUPS = ['general', 'qc', 'lab', 'mail'] as const;

export function groupTitle(group: PickerEntry['group'], t: TFunction): string {
  switch (group) {
    case 'general':
      return t('config.groupGeneral');
    case 'qc':
      return t('config.groupQc');
    case 'lab':
      return t('config.groupLab');
    default:
      return t('config.groupMail');
  }
}

/** The entries by group, in the registry's order, leaving out empty groups. */
export function groupEntries(entries: readonly PickerEntry[]) {
  return GROUPS.map((group) => ({ group, entries: entries.filter((e) => e.group === group) })).filter(
    (g) => g.entries.length > 0,
  );
}

export interface ConfigPickerProps {
  entries: readonly PickerEntry[];
  current: string | undefined;
  /** A side list (wide screens) or a select (phones, tablets and narrow PCs). */
  variant: 'side' | 'select';
}

/** Which list the screen shows: grouped general / QC / lab (and mail), titles in the UI language. */
export function ConfigPicker({ entries, current, variant }: ConfigPickerProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const navigate = useNavigate();
  const href = (name: string) => `/${language}/config/${name}`;
  const groups = groupEntries(entries);

  if (variant === 'select') {
    return (
      <Select
        aria-label={t('config.pickList')}
        placeholder={t('config.pickList')}
        value={entries.some((e) => e.name === current) ? current : undefined}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: '100%', maxWidth: 420 }}
        onChange={(name: string) => void navigate(href(name))}
        options={groups.map(({ group, entries: items }) => ({
          label: groupTitle(group, t),
          title: groupTitle(group, t),
          options: items.map((e) => ({ value: e.name, label: e[language] })),
        }))}
        data-testid="config-picker"
      />
    );
  }

  return (
    <nav aria-label={t('config.pickList')} data-testid="config-picker">
      <Menu
        mode="inline"
        selectedKeys={current ? [current] : []}
        style={{ borderInlineEnd: 'none' }}
        items={groups.map(({ group, entries: items }) => ({
          type: 'group' as const,
          key: `group-${group}`,
          label: groupTitle(group, t),
          children: items.map((e) => ({
            key: e.name,
            label: <Link to={href(e.name)}>{e[language]}</Link>,
          })),
        }))}
      />
    </nav>
  );
}
