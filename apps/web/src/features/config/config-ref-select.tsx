import type { RefLabel } from '@qcdesk/contract/config';
import type { FieldDef } from '@qcdesk/contract/config-lists';
import type { Language } from '@qcdesk/contract/messages';
import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../components/widgets-i18n';
import { type RefOption, useRefOptions } from './api';
import { refName } from './config-columns';
import { refByCode } from './config-fields';

const TYPING_PAUSE_MS = 300;

export interface ConfigRefSelectProps {
  field: FieldDef;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
  /** Labels of the rows the value already points at (a row's `refs`), shown before anything loads. */
  labels?: readonly RefLabel[] | undefined;
  placeholder?: string;
  'aria-label'?: string;
}

/** The value an option stands for: the row's id, or its code for code lists (`countrys`). */
const keyOf = (option: RefOption, byCode: boolean) => (byCode ? (option.code ?? option.id) : option.id);

const optionLabel = (option: RefOption, language: Language) => {
  const name = refName(option, language);
  return option.code && option.code !== name ? `${option.code} · ${name}` : name;
};

/**
 * A reference field's select: the target list's active rows (or users, clients), searched on the
 * server as people type; a multi-reference (`testItemIds`, `countrys`) picks several. Frozen rows
 * are not offered for new links (DOMAIN.md §0) but a value that points at one keeps its label.
 */
export function ConfigRefSelect({
  field,
  value,
  onChange,
  id,
  disabled,
  labels,
  placeholder,
  'aria-label': ariaLabel,
}: ConfigRefSelectProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [opened, setOpened] = useState(false);
  const [known, setKnown] = useState<ReadonlyMap<string, RefOption>>(new Map());
  const multiple = field.type === 'array';
  const byCode = refByCode(field);
  const options = useRefOptions(field.ref!, keyword, opened && !disabled);

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  // Options once seen keep their labels, so a chosen row still reads by name after another search.
  useEffect(() => {
    if (!options.data) return;
    setKnown((previous) => {
      const next = new Map(previous);
      for (const option of options.data) next.set(keyOf(option, byCode), option);
      return next;
    });
  }, [options.data, byCode]);

  const selected = useMemo(
    () =>
      Array.isArray(value) ? value.map(String) : value === null || value === undefined ? [] : [String(value)],
    [value],
  );

  const choices = useMemo(() => {
    const list = (options.data ?? []).map((option) => ({
      value: keyOf(option, byCode),
      label: optionLabel(option, language),
    }));
    const present = new Set(list.map((o) => o.value));
    for (const key of selected) {
      if (present.has(key)) continue;
      const label = labels?.find((l) => (byCode ? l.code === key : l.id === key)) ?? known.get(key);
      list.unshift({ value: key, label: label ? optionLabel(label, language) : key });
    }
    return list;
  }, [options.data, selected, labels, known, language, byCode]);

  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      value={multiple ? selected : (selected[0] ?? null)}
      options={choices}
      loading={options.isFetching}
      showSearch={{ filterOption: false, onSearch: setTyped, autoClearSearchValue: true }}
      onOpenChange={(open) => {
        if (open) setOpened(true);
        else setTyped('');
      }}
      notFoundContent={options.isFetching ? <Spin size="small" /> : t('config.noOptions')}
      onChange={(next: unknown) => onChange?.(multiple ? (next ?? []) : (next ?? null))}
      style={{ width: '100%' }}
    />
  );
}
