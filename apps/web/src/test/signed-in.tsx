/**
 * A screen's test as a signed-in user: the session the shell holds after sign-in, and the screen in
 * the app's query client and a router, with the toast host where the test reads toasts.
 *
 *   await renderSignedIn(<Screen />, testSession({ roles: ['role:SALES', 'inspapply.edit'] }));
 *   afterEach(signOut);
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { Session } from '../api/guard';
import { queryClient } from '../api/query-client';
import { sessionKey } from '../api/session';
import { tokens } from '../api/session-tokens';
import { ToastHost } from '../components/toast';
import { i18n } from '../i18n/i18n';

const sales: Session = {
  uid: '7',
  username: 'demo.sales',
  name: '销售',
  englishName: 'Sales',
  title: 'Sales',
  roleCode: 'SALES',
  department: 'Sales',
  departmentId: '3',
  position: 2,
  isQC: false,
  isLogin: true,
  modules: ['HOME'],
  roles: ['role:SALES'],
  navigation: { main: ['HOME'], secondary: { HOME: ['Home'] } },
  routes: ['Home'],
  language: null,
  impersonator: null,
};

/** A sales user, or another by what differs. */
export const testSession = (overrides: Partial<Session> = {}): Session => ({ ...sales, ...overrides });

export async function renderSignedIn(ui: ReactElement, session: Session, { toasts = false } = {}) {
  await i18n.changeLanguage('en');
  tokens.save({ bearerToken: 'b', refreshToken: 'r' }, false);
  queryClient.setQueryData(sessionKey, session);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        {toasts ? <ToastHost /> : null}
        {ui}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** After each test: the screen, the cached queries (the session among them) and the tokens go. */
export function signOut() {
  cleanup();
  queryClient.clear();
  sessionStorage.clear();
}
