/**
 * Auto-completes that ask the server as people type: one generic RemoteAutoComplete, and named ones for
 * clients, materials, original samples, production samples, orders and users. Queries wait for a pause in
 * typing; the menu closes 300 ms after the field loses focus (spec §9), so a click on an option still
 * lands. The value is the chosen option ({ value: id, label }) or null while the text matches none.
 *
 * RemoteAutoComplete props: search(term, signal) → Promise<options>, value?, onChange?(option | null),
 * onTextChange?(text), placeholder?, disabled?, minLength? (1), debounceMs? (300), id?, aria-label?, style?
 * Named wrappers: the same props; `search` is required until the area's search operation exists
 * (UserAutoComplete already calls user/search).
 */
import { AUTOCOMPLETE_CLOSE_MS, DEFAULT_PAGE_SIZE } from '@qcdesk/contract/constants';
import { searchUsers } from '@qcdesk/contract/identity';
import type { Language } from '@qcdesk/contract/messages';
import { listOrderProducts, listOrders } from '@qcdesk/contract/order';
import { listProductionSamples } from '@qcdesk/contract/production-sample';
import { AutoComplete, Flex, Spin } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../api/client';
import { userText } from './ref-labels';
import { useWidgetsTranslation } from './widgets-i18n';

export interface RemoteOption {
  /** The record's id. */
  value: string;
  label: string;
}

export type RemoteSearch<O extends RemoteOption = RemoteOption> = (
  term: string,
  signal: AbortSignal,
) => Promise<readonly O[]>;

/** How long typing must pause before a query goes out. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface RemoteAutoCompleteProps<O extends RemoteOption = RemoteOption> {
  search: RemoteSearch<O>;
  value?: O | null;
  onChange?: (option: O | null) => void;
  /** Every edit of the text, for a filter that searches by the typed text as well. */
  onTextChange?: (text: string) => void;
  placeholder?: string;
  disabled?: boolean;
  minLength?: number;
  debounceMs?: number;
  id?: string;
  'aria-label'?: string;
  style?: CSSProperties;
}

export function RemoteAutoComplete<O extends RemoteOption = RemoteOption>({
  search,
  value,
  onChange,
  onTextChange,
  placeholder,
  disabled,
  minLength = 1,
  debounceMs = SEARCH_DEBOUNCE_MS,
  id,
  'aria-label': ariaLabel,
  style,
}: RemoteAutoCompleteProps<O>) {
  const { t } = useWidgetsTranslation();
  const [text, setText] = useState(value?.label ?? '');
  const [term, setTerm] = useState('');
  const [options, setOptions] = useState<readonly O[]>([]);
  const [searching, setSearching] = useState(false);
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The latest search function, so a parent passing a new closure each render does not restart a query.
  const searchRef = useRef(search);
  searchRef.current = search;

  // A value set from outside (a form reset, an edit page loading) shows its label.
  useEffect(() => {
    setText(value?.label ?? '');
  }, [value?.label]);

  useEffect(() => {
    const query = term.trim();
    if (query.length < minLength) {
      setOptions([]);
      setSearching(false);
      return;
    }
    const controller = new AbortController();
    setSearching(true);
    const timer = setTimeout(() => {
      searchRef.current(query, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setOptions(found);
          setSearching(false);
        },
        () => {
          if (controller.signal.aborted) return;
          setOptions([]);
          setSearching(false);
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, minLength, debounceMs]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  let notFound: ReactNode = null;
  if (searching) {
    notFound = (
      <Flex gap={8} align="center">
        <Spin size="small" />
        {t('widgets.autoComplete.searching')}
      </Flex>
    );
  } else if (term.trim().length >= minLength) notFound = t('widgets.autoComplete.noMatch');

  return (
    <AutoComplete
      id={id}
      aria-label={ariaLabel ?? placeholder}
      style={style}
      disabled={disabled}
      placeholder={placeholder}
      value={text}
      open={open}
      options={options.map((option) => ({ value: option.value, label: option.label }))}
      notFoundContent={notFound}
      filterOption={false}
      onFocus={() => {
        clearTimeout(closeTimer.current);
        setOpen(true);
      }}
      onBlur={() => {
        clearTimeout(closeTimer.current);
        closeTimer.current = setTimeout(() => setOpen(false), AUTOCOMPLETE_CLOSE_MS);
      }}
      onOpenChange={(next) => {
        if (next) setOpen(true);
      }}
      onSearch={(typed) => {
        setText(typed);
        setTerm(typed);
        setOpen(true);
        onTextChange?.(typed);
        if (value && typed !== value.label) onChange?.(null);
      }}
      onSelect={(selected: string) => {
        const option = options.find((o) => o.value === selected);
        if (!option) return;
        setText(option.label);
        setOpen(false);
        onChange?.(option);
      }}
    />
  );
}

export type NamedAutoCompleteProps<O extends RemoteOption = RemoteOption> = RemoteAutoCompleteProps<O>;

export function ClientAutoComplete<O extends RemoteOption>(props: NamedAutoCompleteProps<O>) {
  const { t } = useWidgetsTranslation();
  return <RemoteAutoComplete placeholder={t('widgets.autoComplete.client')} {...props} />;
}

export function MaterialAutoComplete<O extends RemoteOption>(props: NamedAutoCompleteProps<O>) {
  const { t } = useWidgetsTranslation();
  return <RemoteAutoComplete placeholder={t('widgets.autoComplete.material')} {...props} />;
}

export function OriginalSampleAutoComplete<O extends RemoteOption>(props: NamedAutoCompleteProps<O>) {
  const { t } = useWidgetsTranslation();
  return <RemoteAutoComplete placeholder={t('widgets.autoComplete.originalSample')} {...props} />;
}

/** Orders by the ending of their order no or PO (order/list), labelled "order no · PO · client". */
export const searchOrderOptions =
  (client?: string): RemoteSearch =>
  async (term, signal) => {
    const { list } = await api.call(listOrders, { keyword: term, ...(client ? { client } : {}) }, { signal });
    return list.map((o) => ({
      value: o.id,
      label: [o.orderNo, o.clientPo, o.client.name].filter(Boolean).join(' · '),
    }));
  };

/** Order products whose product no contains the term (order/product/list), optionally of one order. */
export const searchOrderProductOptions =
  (order?: string): RemoteSearch =>
  async (term, signal) => {
    const { list } = await api.call(
      listOrderProducts,
      { keyword: term, ...(order ? { order } : {}) },
      { signal },
    );
    return list.map((p) => ({ value: p.id, label: `${p.productNo} · ${p.itemNo} · ${p.name}` }));
  };

export function OrderAutoComplete({
  client,
  ...props
}: Omit<NamedAutoCompleteProps, 'search'> & { client?: string }) {
  const { t } = useWidgetsTranslation();
  const search = useMemo(() => searchOrderOptions(client), [client]);
  return <RemoteAutoComplete placeholder={t('widgets.autoComplete.order')} search={search} {...props} />;
}

export function OrderProductAutoComplete({
  order,
  ...props
}: Omit<NamedAutoCompleteProps, 'search'> & { order?: string }) {
  const { t } = useWidgetsTranslation();
  const search = useMemo(() => searchOrderProductOptions(order), [order]);
  return (
    <RemoteAutoComplete placeholder={t('widgets.autoComplete.orderProduct')} search={search} {...props} />
  );
}

/**
 * Production samples by the ending of their item no (productionsample/list: in scope, not cancelled),
 * optionally of one client (an order's products link only its client's samples), labelled
 * "item no · client · received date".
 */
export const searchProductionSampleOptions =
  (client?: string): RemoteSearch =>
  async (term, signal) => {
    const { list } = await api.call(
      listProductionSamples,
      { keyword: term, ...(client ? { client } : {}) },
      { signal },
    );
    return list.map((s) => ({ value: s.id, label: `${s.itemNo} · ${s.client.name} · ${s.receivedDate}` }));
  };

export function ProductionSampleAutoComplete({
  client,
  search,
  ...props
}: Omit<NamedAutoCompleteProps, 'search'> & { client?: string; search?: RemoteSearch }) {
  const { t } = useWidgetsTranslation();
  const sampleSearch = useMemo(() => search ?? searchProductionSampleOptions(client), [search, client]);
  return (
    <RemoteAutoComplete
      placeholder={t('widgets.autoComplete.productionSample')}
      search={sampleSearch}
      {...props}
    />
  );
}

/**
 * Users by name, English name or username (user/search), optionally within one department; each
 * labelled with the name of the UI language first.
 */
export function searchUserOptions(department?: string, language: Language = 'zh'): RemoteSearch {
  return async (term, signal) => {
    const page = await api.call(
      searchUsers,
      { name: term, pageSize: DEFAULT_PAGE_SIZE, ...(department ? { department } : {}) },
      { signal },
    );
    return page.list.map((user) => ({
      value: user.id,
      label: userText(user, language),
    }));
  };
}

export interface UserAutoCompleteProps extends Omit<NamedAutoCompleteProps, 'search'> {
  search?: RemoteSearch;
  department?: string;
}

export function UserAutoComplete({ search, department, ...props }: UserAutoCompleteProps) {
  const { t, language } = useWidgetsTranslation();
  const userSearch = useMemo(
    () => search ?? searchUserOptions(department, language),
    [search, department, language],
  );
  return <RemoteAutoComplete placeholder={t('widgets.autoComplete.user')} search={userSearch} {...props} />;
}
