import { configListOperations } from '@qcdesk/contract/config';
import type { ConfigListName } from '@qcdesk/contract/config-lists';
import { MAX_PAGE_SIZE } from '@qcdesk/contract/constants';
import { keepPreviousData } from '@tanstack/react-query';
import { Select } from 'antd';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useOperation } from '../api/use-operation';
import { currentLanguage } from '../i18n/i18n';
import { type RefLike, refName } from './ref-labels';
import { SEARCH_DEBOUNCE_MS } from './remote-auto-complete';

const NONE: readonly RefLike[] = [];

/** A master-data list's active rows (first page, or those matching a keyword), cached for five minutes. */
export function useConfigRows(list: ConfigListName, keyword = '') {
  const input = { active: 1, page: 1, pageSize: MAX_PAGE_SIZE, ...(keyword ? { keyword } : {}) };
  return useOperation(configListOperations[list].search, input, {
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export interface ConfigSelectProps<V extends string | string[] | null> {
  list: ConfigListName;
  value?: V;
  onChange?: (value: V) => void;
  mode?: 'multiple';
  /** Options carry the row's code instead of its id (destination countries travel as codes). */
  byCode?: boolean;
  /** Rows already chosen, so their names show even when a long list's first page misses them. */
  known?: readonly RefLike[];
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  style?: CSSProperties;
}

/**
 * A select over a master-data list's active rows (DOMAIN.md §2.10): the first page loads at once,
 * typing narrows the list on the server (keyword over code and both names), so long lists such as
 * test items stay usable. Names follow the UI language.
 */
export function ConfigSelect<V extends string | string[] | null>({
  list,
  value,
  onChange,
  mode,
  byCode = false,
  known = NONE,
  placeholder,
  allowClear,
  disabled,
  id,
  'aria-label': ariaLabel,
  style,
}: ConfigSelectProps<V>) {
  const language = currentLanguage();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const rows = useConfigRows(list, keyword);

  const options = useMemo(() => {
    const byValue = new Map<string, { value: string; label: string; search: string }>();
    for (const row of [...known, ...(rows.data?.list ?? [])]) {
      const key = byCode ? row.code : row.id;
      if (!key || byValue.has(key)) continue;
      const name = refName(row, language);
      byValue.set(key, {
        value: key,
        label: byCode ? `${name} (${row.code})` : name,
        search: `${row.code ?? ''} ${row.nameZh ?? ''} ${row.nameEn ?? ''}`.toLowerCase(),
      });
    }
    return [...byValue.values()];
  }, [known, rows.data, byCode, language]);

  return (
    <Select<string | string[], (typeof options)[number]>
      id={id}
      aria-label={ariaLabel}
      style={style}
      mode={mode}
      value={value ?? (mode ? [] : undefined)}
      onChange={(next) => onChange?.((next ?? null) as V)}
      options={options}
      loading={rows.isFetching}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      maxTagCount="responsive"
      showSearch={{
        onSearch: setTyped,
        filterOption: (input, option) => (option?.search ?? '').includes(input.trim().toLowerCase()),
      }}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
    />
  );
}
