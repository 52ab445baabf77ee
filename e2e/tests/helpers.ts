import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { login } from '@qcdesk/contract/identity';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './accounts';
import { Api } from './api';
import { test } from './fixtures';

export type Lang = 'zh' | 'en';

export const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

/**
 * Looking mode (`E2E_SCREENSHOTS=1`, `npm run screenshots`): the specs save their screenshots for a
 * person to open, and axe scans every language and width a spec names. Without it (CI, `npm test`)
 * nothing is saved and each screen is scanned once, in English at 1280 with every rule: the PNGs
 * are for people, and a scan in the other language found nothing the English one had not (ADR 0012).
 */
export const LOOKING = process.env.E2E_SCREENSHOTS === '1';

/** Saves `{name}.png` in looking mode; a no-op otherwise. */
export async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!LOOKING) return;
  // Drawers and the layout follow a new width a frame or two later: shoot where they settle.
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, ...options });
}

/** axe on this screen, in English at 1280 (every language and width in looking mode). */
export async function expectA11yOnce(page: Page, lang: Lang, width: number): Promise<void> {
  if (LOOKING || (lang === 'en' && width === 1280)) {
    await expectNoSeriousA11yViolations(page, { contrast: lang === 'en' });
  }
}
export const WIDTHS = [375, 768, 1280] as const;

/** Spec §1 theme colours as the browser computes them: product purple, dev teal. */
export const PRODUCT_PURPLE = 'rgb(114, 46, 209)';
export const DEV_TEAL = 'rgb(0, 124, 137)';

export const loginText = {
  zh: {
    title: '登录',
    username: '用户名',
    password: '密码',
    submit: '登录',
    usernameEmpty: '用户名不能为空',
    passwordEmpty: '密码不能为空',
    logout: '退出登录',
  },
  en: {
    title: 'Sign in',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    usernameEmpty: 'Username must not be empty',
    passwordEmpty: 'Password must not be empty',
    logout: 'Sign out',
  },
} as const;

export function passwordOf(username: string): string {
  return username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD;
}

/** Fills the password form of the Login page the browser is on and submits it. */
export async function submitLogin(
  page: Page,
  lang: Lang,
  username: string,
  options: { remember?: boolean } = {},
) {
  const text = loginText[lang];
  const form = page.getByTestId('login-password-form');
  await form.getByLabel(text.username).fill(username);
  await form.getByLabel(text.password, { exact: true }).fill(passwordOf(username));
  if (options.remember) await form.getByTestId('login-remember').click();
  await form.getByRole('button', { name: text.submit }).click();
}

/** The test each page is watched for: a worker's tests share their page (fixtures.ts). */
const cspWatched = new WeakMap<Page, string>();

/** Fails the running test (softly, so it goes on) on every Content-Security-Policy violation. */
export function failOnCspViolations(page: Page) {
  const testId = test.info().testId;
  if (cspWatched.get(page) === testId) return;
  cspWatched.set(page, testId);
  page.on('console', (message) => {
    const text = message.text();
    if (text.includes('Content Security Policy')) expect.soft(text, 'CSP violation').toBe('');
  });
}

/**
 * Signs in the way the Login page does, without going through it: the sign-in call (`login`, the
 * same envelope and password check), then the tokens where the web app's session keeps them
 * (apps/web/src/api/session-tokens.ts: bearer in session storage, refresh token in session storage,
 * or in local storage when remembered), then the landing page. The Login page itself is what
 * sign-in.spec.ts and the flows that set a password test; everywhere else it only cost a page load
 * and a form per test (ADR 0012). `at` opens that page instead of the landing page: a test that starts
 * on a list loads the app once, not twice (each load of the app costs the browser 1–3 s of CPU).
 */
export async function signIn(
  page: Page,
  username: string,
  lang: Lang = 'en',
  options: { remember?: boolean; at?: string } = {},
) {
  failOnCspViolations(page);
  const remember = options.remember ?? false;
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('signIn needs the baseURL of playwright.config.ts');
  const session = await new Api(baseURL).call(login, { username, password: passwordOf(username), remember });
  // Any page of the app's origin will do to reach its storage; /healthz loads no app.
  await page.goto('/healthz');
  await page.evaluate(
    ({ bearer, refresh, remember }) => {
      sessionStorage.setItem('qcdesk.bearerToken', bearer);
      (remember ? localStorage : sessionStorage).setItem('qcdesk.refreshToken', refresh);
      (remember ? sessionStorage : localStorage).removeItem('qcdesk.refreshToken');
    },
    { bearer: session.bearerToken, refresh: session.refreshToken, remember },
  );
  if (options.at) {
    await page.goto(options.at);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    return;
  }
  await page.goto(`/${lang}`);
  await expect(page).toHaveURL(new RegExp(`/${lang}$`));
  await expect(page.getByTestId('home-greeting')).toBeVisible();
}

/**
 * Opens `path` (`/en/…`, with its query) inside the loaded app, as a link does: the address changes
 * and react-router follows it (its browser router listens to popstate), without loading the app
 * again — a load costs the browser the app's whole start, 0.8–1.5 CPU-s, against 0.3–0.5 s for the
 * same screen reached in the app (ADR 0012). Where no signed-in app is loaded (after the fixture's
 * reset, on /healthz or a signed-out page) it loads the page instead. Not for a form with unsaved
 * input (the app's own "Leave this page?" would ask, not the browser), nor for the sandbox (/dev is
 * another app base, entered only by a load).
 *
 * The address changes at once, before the route's code and guard have run: it waits until the
 * router has finished and the app shows `path`, so what the test looks at next is the new page. A
 * bare list address may then gain the list's last search, as on a load (use-list-state.ts): without
 * a query in `path`, only its path is compared. The router's state is read from React's committed
 * tree (the product exposes nothing for tests): a React or react-router upgrade that changes it fails
 * here loudly ("no react-router in the page"), never by waiting too little.
 */
export async function go(page: Page, path: string) {
  const current = page.url();
  const inSandbox = (p: string) => p === '/dev' || p.startsWith('/dev/');
  const loaded =
    current.startsWith('http') &&
    new URL(current).pathname !== '/healthz' &&
    !inSandbox(new URL(current).pathname) &&
    !inSandbox(path) &&
    (await page.getByTestId('user-menu').count()) > 0;
  if (!loaded) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForFunction(shows, path, { polling: 50, timeout: 30_000 });
  await expect(page).toHaveURL((url) => sameAddress(url, path));
}

/** Whether `url` is at `path`: the same path, and the same query when `path` names one. */
function sameAddress(url: { pathname: string; search: string }, path: string): boolean {
  const [pathname, search] = path.split('?');
  return url.pathname === pathname && (search === undefined || url.search === `?${search}`);
}

/**
 * In the page: whether the router is idle and the rendered app shows `path`. Read from React's tree
 * (react-router keeps its router to itself): the RouterProvider's `router` and the `location` its
 * <Router> was last rendered with.
 */
function shows(path: string): boolean {
  type Fiber = { memoizedProps?: Record<string, unknown>; child?: Fiber; sibling?: Fiber };
  const container = document.getElementById('root') as unknown as Record<string, unknown> | null;
  const key = container && Object.keys(container).find((k) => k.startsWith('__reactContainer$'));
  if (!container || !key) throw new Error('no React root in #root');
  // The container keeps the first root fiber; the committed tree is its root's `current`.
  const first = container[key] as { stateNode: { current: Fiber } };
  let busy: boolean | undefined;
  let rendered: { pathname: string; search: string } | undefined;
  const stack: Fiber[] = [first.stateNode.current];
  while (stack.length > 0 && (busy === undefined || rendered === undefined)) {
    const fiber = stack.pop() as Fiber;
    const props = fiber.memoizedProps;
    const router = props?.router as { state?: { navigation: { state: string } } } | undefined;
    if (busy === undefined && router?.state) busy = router.state.navigation.state !== 'idle';
    if (rendered === undefined && props?.navigator)
      rendered = props.location as { pathname: string; search: string };
    if (fiber.sibling) stack.push(fiber.sibling);
    if (fiber.child) stack.push(fiber.child);
  }
  if (busy === undefined || rendered === undefined) throw new Error('no react-router in the page');
  // As sameAddress (the function runs in the page, without the module around it).
  const [pathname, search] = path.split('?');
  return (
    !busy && rendered.pathname === pathname && (search === undefined || rendered.search === `?${search}`)
  );
}

/**
 * Signs out through the user menu. A click that lands while the dropdown is still opening can be
 * lost on a busy machine (the menu stays open, nothing happens), so the menu is tried again until the
 * login page shows.
 */
export async function signOut(page: Page, lang: Lang) {
  const login = new RegExp(`/${lang}/login$`);
  const logout = page.getByRole('menuitem', { name: loginText[lang].logout });
  await expect(async () => {
    if (login.test(page.url())) return;
    if (!(await logout.isVisible())) await page.getByTestId('user-menu').click({ timeout: 3_000 });
    await logout.click({ timeout: 3_000 });
    await expect(page).toHaveURL(login, { timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
}

export async function expectNoSeriousA11yViolations(page: Page, { contrast = true } = {}) {
  // Legacy mode runs axe.run() in the page itself: the default runs axe per frame and then finishes
  // in a new blank page (a renderer started and axe injected twice, per scan) to reach cross-origin
  // frames, which the product has none of. Same rules, same results; a scan costs half the CPU.
  const axe = new AxeBuilder({ page }).setLegacyMode();
  const { violations } = await (contrast ? axe : axe.disableRules(['color-contrast'])).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** The page does not scroll sideways (polled: the layout follows a new width a frame or two later). */
export async function expectNoHorizontalOverflow(page: Page, what: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), {
      message: `horizontal overflow of ${what}`,
    })
    .toBe(false);
}

/** The loading bar hides 300 ms after the last call: wait for the settled page. */
export async function settled(page: Page) {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

/** Console errors and warnings, and uncaught errors, of a page. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  return problems;
}

/**
 * The page at PC and phone width: no width scrolls sideways; full-page screenshots as
 * `{name}-{lang}-{width}.png` in looking mode. `a11y(width)` says where the axe scan may run: in
 * English only, unless looking.
 */
export async function screenshotsAt(
  page: Page,
  lang: Lang,
  name: string,
  a11y: (width: number) => boolean = (width) => width === 1280,
): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    // The layout follows the new width a frame or two later (tables become cards on phones).
    await expectNoHorizontalOverflow(page, `${name} at ${width}px in ${lang}`);
    // The shell's header is sticky: a full-page capture of a scrolled page would paint it mid-page.
    if (LOOKING) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `${name}-${lang}-${width}`, { fullPage: true });
    }
    // Colours do not change with the language: a Chinese page is scanned (when looking) without
    // the contrast rule, the costliest of axe's (~45% of a scan).
    if (a11y(width) && (LOOKING || lang === 'en')) {
      await expectNoSeriousA11yViolations(page, { contrast: lang === 'en' });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * Chooses an option of an antd Select and waits until the field shows it: a click during the
 * dropdown's opening animation can miss on a busy machine, so it tries again once. Long lists are
 * virtual (only the options in view exist), so a searchable select is narrowed by typing first.
 */
export async function pickOption(
  page: Page,
  scope: Locator,
  label: string,
  option: string,
  search?: string,
): Promise<void> {
  const field = scope.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
  for (let attempt = 0; attempt < 2; attempt++) {
    await scope.getByLabel(label, { exact: true }).click();
    // One input event: keys typed one by one can land in an input the select re-renders mid-word.
    if (search) await page.keyboard.insertText(search);
    const item = page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true });
    await item.waitFor({ state: 'visible' });
    await item.click();
    try {
      await expect(field).toContainText(option, { timeout: 3000 });
      return;
    } catch (error) {
      if (attempt === 1) throw error;
    }
  }
}

/** Today in the business time zone (DOMAIN.md §0: Asia/Shanghai), yyyy-MM-dd. */
export const businessToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** The date `days` after (before, when negative) a yyyy-MM-dd date. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A master-data row's name in the language, the other language's when it has none. */
export const nameIn = (row: { nameZh: string | null; nameEn: string | null }, lang: Lang) =>
  (lang === 'zh' ? (row.nameZh ?? row.nameEn) : (row.nameEn ?? row.nameZh)) ?? '';

/** Types a date into a DateField and commits it with Tab. */
export async function typeDate(field: Locator, value: string) {
  await field.click();
  await field.fill(value);
  await field.press('Tab');
  await expect(field).toHaveValue(value);
}
