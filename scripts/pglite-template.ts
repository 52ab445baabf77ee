// Makes the migrated PGlite template the server's first start loads (apps/server/src/platform/db.ts),
// so `npm start` on a fresh clone skips initdb and the migrations. Run by scripts/postinstall.mjs.
import { preparePgliteTemplate } from '../apps/server/src/platform/db';

const started = Date.now();
const made = await preparePgliteTemplate();
if (typeof made === 'string') {
  console.info(`PGlite template ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${made}`);
}
