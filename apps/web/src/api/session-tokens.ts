import { PRODUCT_CODE } from '@qcdesk/contract/constants';
import { type Environment, readEnvironment } from '../lib/environment';
import { readStorage, storageKeys, writeStorage } from '../lib/storage';

/**
 * Where the tokens of a session live (spec §3): the bearer token in session storage (this tab), the
 * refresh token in local storage when the sign-in is remembered (7 days, every tab) and in session
 * storage otherwise (gone with the browser session). Each environment keeps its own pair, because
 * the sandbox is a different server with its own sessions.
 */
export function tokenKeys(env: Environment) {
  if (env === 'product') {
    return {
      bearer: storageKeys.bearerToken,
      refresh: storageKeys.refreshToken,
      impersonator: storageKeys.impersonator,
    };
  }
  return {
    bearer: `${PRODUCT_CODE}.${env}.bearerToken`,
    refresh: `${PRODUCT_CODE}.${env}.refreshToken`,
    /** The administrator's own tokens while impersonating someone in that environment. */
    impersonator: `${PRODUCT_CODE}.${env}.impersonator`,
  };
}

export interface SignInTokens {
  bearerToken: string;
  refreshToken: string;
}

export interface TokenStore {
  bearer(): string | null;
  refresh(): string | null;
  /** Whether the refresh token is kept across browser sessions. */
  remembered(): boolean;
  /** A new session from any sign-in mode. */
  save(tokens: SignInTokens, remember: boolean): void;
  /** A refresh answered: the new pair replaces the old where the old one was kept. */
  rotate(bearerToken: string, refreshToken: string): void;
  clear(): void;
  hasAny(): boolean;
  /** This environment's key of the administrator's own tokens while impersonating (session storage). */
  impersonatorKey(): string;
}

export function createTokenStore(environment: () => Environment = readEnvironment): TokenStore {
  const keys = () => tokenKeys(environment());
  const store: TokenStore = {
    bearer: () => readStorage('sessionStorage', keys().bearer),
    refresh: () =>
      readStorage('localStorage', keys().refresh) ?? readStorage('sessionStorage', keys().refresh),
    remembered: () => readStorage('localStorage', keys().refresh) !== null,
    save(tokens, remember) {
      const k = keys();
      writeStorage('sessionStorage', k.bearer, tokens.bearerToken);
      writeStorage(remember ? 'localStorage' : 'sessionStorage', k.refresh, tokens.refreshToken);
      writeStorage(remember ? 'sessionStorage' : 'localStorage', k.refresh, null);
    },
    rotate(bearerToken, refreshToken) {
      store.save({ bearerToken, refreshToken }, store.remembered());
    },
    clear() {
      const k = keys();
      writeStorage('sessionStorage', k.bearer, null);
      writeStorage('sessionStorage', k.refresh, null);
      writeStorage('localStorage', k.refresh, null);
    },
    hasAny: () => store.bearer() !== null || store.refresh() !== null,
    impersonatorKey: () => keys().impersonator,
  };
  return store;
}

/** The tokens of this tab in the current environment. */
export const tokens: TokenStore = createTokenStore();
