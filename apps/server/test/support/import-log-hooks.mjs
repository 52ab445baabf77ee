// Module hooks (node:module register) that append every URL an `import` resolves to, one a line, to
// the file named by `data.log`: the imports a process made, including a package's entry imported by
// the server's bundle (test/lazy-packages.test.ts). Runs on Node's hooks thread.
import { appendFileSync } from 'node:fs';

let log = '';

export function initialize(data) {
  log = data.log;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(log, `${resolved.url}\n`);
  return resolved;
}
