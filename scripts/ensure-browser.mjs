#!/usr/bin/env node
// The e2e suite drives Debian's Chromium (never a downloaded browser) and needs a CJK font so
// Chinese renders. Installs both with apt when missing (as root), else says how.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const hasFont = () => {
  try {
    return /wqy/i.test(execSync('fc-list', { encoding: 'utf8' }));
  } catch {
    return false;
  }
};

const BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'];
if (BROWSERS.every((path) => existsSync(path)) && hasFont()) process.exit(0);

// fonts-liberation is one of Chromium's recommends, named here because the rest of them (udev,
// upower, printing, notifications, Mesa: ~120 packages, most of the two minutes apt took on a fresh
// machine) are never used by a headless browser with the GPU off.
// chromium-headless-shell is the browser the e2e suite drives (ADR 0012, session 10): Chromium's old
// headless mode, a quarter less CPU than the full browser's new headless mode for the same pages.
const packages = ['chromium', 'chromium-headless-shell', 'fonts-wqy-microhei', 'fonts-liberation'];
if (process.getuid?.() !== 0) {
  console.error(`The e2e tests need Debian packages: sudo apt-get install -y ${packages.join(' ')}`);
  process.exit(1);
}
console.info(`Installing ${packages.join(', ')} with apt…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-qq'],
  ['install', '-y', '-qq', '--no-install-recommends', ...packages],
]) {
  const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
