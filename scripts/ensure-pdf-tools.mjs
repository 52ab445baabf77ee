#!/usr/bin/env node
// The API tests read every PDF the product makes back the way a viewer does (issue 28): its text,
// pages, embedded images and fonts, with poppler-utils (pdftotext, pdfinfo, pdfimages, pdffonts;
// pdftoppm renders pages to look at). Installs Debian's poppler-utils with apt when missing (as
// root), else says how. The product itself never needs them.
import { spawnSync } from 'node:child_process';

const TOOLS = ['pdftotext', 'pdfinfo', 'pdfimages', 'pdffonts', 'pdftoppm'];
const has = (tool) => spawnSync(tool, ['-v'], { stdio: 'ignore' }).error === undefined;
if (TOOLS.every(has)) process.exit(0);

const packages = ['poppler-utils'];
if (process.getuid?.() !== 0) {
  console.error(`The API tests read PDFs back with poppler: sudo apt-get install -y ${packages.join(' ')}`);
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
