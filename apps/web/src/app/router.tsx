import { ROUTES } from '@qcdesk/contract/roles';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { enterEnvironmentFromPath } from '../lib/environment';
import { isRouteHandle, type RouteHandle } from '../lib/route-handle';
import { guardLoader, languageLoader } from './guard-loader';
import { LanguageRedirect, LanguageRoot } from './language-routes';
import { pageFor } from './pages';
import { rememberRoute } from './route-memory';

const handle = (name: string): RouteHandle => ({ name });

// Nothing to show while the first route's code and guard load: the page appears when ready.
function Blank() {
  return null;
}
const quiet = { HydrateFallback: Blank } as const;

/** Every route of spec §2's table, named as the contract names it, behind the guard. */
const guardedRoutes: RouteObject[] = ROUTES.map((def) =>
  def.path === ''
    ? {
        index: true,
        id: def.name,
        handle: handle(def.name),
        loader: guardLoader(def.name),
        lazy: pageFor(def.name),
      }
    : {
        path: def.path,
        id: def.name,
        handle: handle(def.name),
        loader: guardLoader(def.name),
        lazy: pageFor(def.name),
      },
);

const named = (name: string, path: string, guarded = false): RouteObject => ({
  path,
  id: name,
  handle: handle(name),
  lazy: pageFor(name),
  ...quiet,
  ...(guarded ? { loader: guardLoader(name) } : {}),
});

export const routes: RouteObject[] = [
  // Redirects of spec §2; `/login`, `/help` and unknown paths get their language in LanguageRoot.
  { path: '/', element: <LanguageRedirect /> },
  { path: '/index', element: <LanguageRedirect /> },
  { path: '/index.html', element: <LanguageRedirect /> },
  named('ShareFile', '/s/:id'),
  {
    path: '/:language',
    element: <LanguageRoot />,
    loader: languageLoader,
    ...quiet,
    children: [
      {
        // Sign-in pages: a centred card, no menu.
        lazy: async () => ({ Component: (await import('./auth-layout')).AuthLayout }),
        ...quiet,
        children: [
          named('Login', 'login'),
          named('ForgetPassword', 'forgetpassword'),
          named('ChanePassword', 'password'),
          named('VerifyAccount', 'verify'),
        ],
      },
      {
        // The shell: menu, header, breadcrumbs. Pages without a guard still show in it.
        lazy: async () => ({ Component: (await import('./app-shell')).AppShell }),
        ...quiet,
        children: [
          ...guardedRoutes,
          named('Settings', 'settings', true),
          named('Help', 'help'),
          named('ErrorNetwork', 'network-error'),
          named('Invalidate', 'invalidate'),
          named('NotFound', '*'),
        ],
      },
    ],
  },
];

// A sandbox link (/dev/…) switches to the sandbox and drops /dev before the router reads the address.
enterEnvironmentFromPath();
export const router = createBrowserRouter(routes);

// Spec §2: the route params are remembered on every navigation.
router.subscribe((state) => {
  if (state.navigation.state !== 'idle') return;
  const href = `${state.location.pathname}${state.location.search}${state.location.hash}`;
  for (const match of state.matches) {
    const { handle: h } = match.route;
    if (isRouteHandle(h)) rememberRoute(h.name, match.params, href);
  }
});
