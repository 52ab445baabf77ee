import { dashboardBench } from './dashboard.bench.ts';
import { envelopeBench } from './envelope.bench.ts';
import { filesBench } from './files.bench.ts';
import { hotpathBench } from './hotpath.bench.ts';
import { lighthouseBench } from './lighthouse.bench.ts';
import { loadBench } from './load.bench.ts';
import { loginBench } from './login.bench.ts';
import { orderImportBench } from './order-import.bench.ts';
import { photoLookupBench } from './photo-lookup.bench.ts';
import { photoUploadBench } from './photo-upload.bench.ts';
import { reportFormBench } from './report-form.bench.ts';
import { reportPdfBench } from './report-pdf.bench.ts';
import { searchBench } from './search.bench.ts';
import { startupBench } from './startup.bench.ts';
import { throughputBench } from './throughput.bench.ts';

// `npm run bench` runs every suite, or the ones named: `npm run bench -- envelope`.
const suites: Record<string, () => Promise<void>> = {
  envelope: envelopeBench,
  throughput: throughputBench,
  login: async () => {
    await loginBench();
  },
  files: filesBench,
  search: async () => {
    await searchBench();
  },
  hotpath: () => hotpathBench(),
  load: () => loadBench(),
  lighthouse: lighthouseBench,
  'order-import': orderImportBench,
  photos: async () => {
    await photoUploadBench();
    await photoLookupBench();
  },
  'report-pdf': reportPdfBench,
  startup: startupBench,
  dashboard: dashboardBench,
  'report-form': () => reportFormBench(),
};

const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(suites)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  await run();
}
process.stdout.write('\n');
process.exit(0);
