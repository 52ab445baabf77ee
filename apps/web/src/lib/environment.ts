import { readStorage, storageKeys, writeStorage } from './storage';

/** Spec §1: two environments, product and dev (sandbox); dev calls the API under /dev. */
export type Environment = 'product' | 'dev';

const listeners = new Set<() => void>();

export function readEnvironment(): Environment {
  return readStorage('localStorage', storageKeys.environment) === 'dev' ? 'dev' : 'product';
}

/** Remembers the environment and tells every subscriber (theme, API base, session) at once. */
export function writeEnvironment(env: Environment): void {
  writeStorage('localStorage', storageKeys.environment, env);
  for (const listener of listeners) listener();
}

export function subscribeEnvironment(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Where the server serves the sandbox: its API, and the links it mails and shares. */
export const SANDBOX_PATH = '/dev';

export function apiBase(env: Environment): '' | typeof SANDBOX_PATH {
  return env === 'dev' ? SANDBOX_PATH : '';
}

/**
 * A link of the sandbox (`/dev/en/password?token=…` in its mails, `/dev/s/{id}` for its short
 * links) opens the app in the sandbox: the environment becomes dev and the address loses `/dev`,
 * so the routes are the product's. Call it once, before the router reads the address.
 */
export function enterEnvironmentFromPath(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> | undefined = globalThis.location,
  history: Pick<History, 'state' | 'replaceState'> | undefined = globalThis.history,
): void {
  const path = location?.pathname ?? '';
  if (path !== SANDBOX_PATH && !path.startsWith(`${SANDBOX_PATH}/`)) return;
  writeEnvironment('dev');
  const rest = path.slice(SANDBOX_PATH.length) || '/';
  history?.replaceState(history.state, '', `${rest}${location?.search ?? ''}${location?.hash ?? ''}`);
}
