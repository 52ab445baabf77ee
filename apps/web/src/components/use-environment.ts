import { useSyncExternalStore } from 'react';
import { type Environment, readEnvironment, subscribeEnvironment } from '../lib/environment';

/** The current environment, re-rendering on every switch. */
export function useEnvironment(): Environment {
  return useSyncExternalStore(subscribeEnvironment, readEnvironment, () => 'product');
}
