/** The columns and density a person chose for a list, remembered per user in local storage. */
import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '../lib/storage';
import { tableSettingsKey } from './list-state';
import { parseTableSettings, type TableSettings } from './table-settings';
import { useUserId } from './use-list-state';

export function useTableSettings(listKey: string) {
  const key = tableSettingsKey(useUserId(), listKey);
  const [stored, setStored] = useState(() => ({
    key,
    settings: parseTableSettings(readStorage('localStorage', key)),
  }));
  // Another list (or user) in the same component: read its own settings.
  const settings =
    stored.key === key ? stored.settings : parseTableSettings(readStorage('localStorage', key));

  const save = useCallback(
    (next: TableSettings) => {
      setStored({ key, settings: next });
      writeStorage('localStorage', key, JSON.stringify(next));
    },
    [key],
  );

  return { settings, save };
}
