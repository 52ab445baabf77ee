import { areas } from '@qcdesk/contract';
import { clients } from '../../db/schema/client';
import { countries, inspectionTests, tensionLevels, testItems } from '../../db/schema/config';
import type { Db } from '../../platform/db';
import type { SeedContext } from '../../platform/module';
import { idsByCode } from '../../platform/references';
import { seedPrincipal } from '../../platform/seed-principal';
import { createClient } from './client.service';
import { writeClientRequirements } from './client-requirements.service';

// Demo clients for the demo database (QCDESK_DEMO_USERS=1): bilingual buyers owned by the demo
// sales users, with test requirements and safety tests. Idempotent by client code. Each is created
// by its sales owner through client/create and client/test, so the change log tells their story.

interface DemoClient {
  code: string;
  name: string;
  country: string;
  type: number;
  sales: string;
  tension?: string;
  majorAql: number;
  minorAql: number;
  advanceDays: number;
  destinations: string[];
  inspection: string;
  safety?: string;
  emails: string[];
  tests?: [testItem: string, country: string | null, mandatory: boolean][];
  safetyTests?: [inspectionTest: string, sampleQty: number, criterion: string][];
}

export const DEMO_CLIENTS: DemoClient[] = [
  {
    code: 'NORDHOME',
    name: 'Nordic Home AB',
    country: 'SE',
    type: 2,
    sales: 'demo.sales',
    tension: 'TL-0-18M',
    majorAql: 2.5,
    minorAql: 4,
    advanceDays: 3,
    destinations: ['EU', 'NO'],
    inspection: '按AQL II级抽样；外箱需做跌落测试。\nAQL level II; drop-test the export cartons.',
    safety: 'EN 71-1/-2/-3；REACH附件17。EN 71-1/-2/-3 and REACH Annex XVII.',
    emails: ['qa@nordichome.example.com'],
    tests: [
      ['T-EN71-1', 'EU', true],
      ['T-EN71-3', 'EU', true],
      ['T-PHTH', null, true],
    ],
    safetyTests: [
      ['IT-DROP', 2, '外箱跌落后产品无损坏 / No product damage after the drop'],
      ['IT-TENSION', 5, '小零件不脱落 / No small parts detach'],
    ],
  },
  {
    code: 'PACTOYS',
    name: 'Pacific Toys Inc.',
    country: 'US',
    type: 3,
    sales: 'demo.sales',
    tension: 'TL-36-96M',
    majorAql: 1.5,
    minorAql: 4,
    advanceDays: 2,
    destinations: ['US', 'CA'],
    inspection: '所有产品需贴UPC条码并扫描验证。Every unit carries a scannable UPC barcode.',
    emails: ['sourcing@pacifictoys.example.com', 'qc@pacifictoys.example.com'],
    tests: [
      ['T-F963', 'US', true],
      ['T-CPSIA-PB', 'US', true],
      ['T-P65', 'US', false],
    ],
    safetyTests: [['IT-BARCODE', 5, '条码可扫描 / Barcodes scan']],
  },
  {
    code: 'HUAMEIHK',
    name: '华美贸易（香港）有限公司',
    country: 'HK',
    type: 5,
    sales: 'demo.salesmgr',
    majorAql: 2.5,
    minorAql: 4,
    advanceDays: 2,
    destinations: ['GB', 'EU'],
    inspection: '唛头按客户模板；每箱附装箱单。Shipping marks per the client template.',
    emails: ['qa@huamei-hk.example.com'],
    tests: [['T-AZO', 'EU', true]],
  },
  {
    code: 'GOLDSTAR',
    name: 'Golden Star Stores Ltd.',
    country: 'GB',
    type: 2,
    sales: 'demo.salesmgr',
    majorAql: 2.5,
    minorAql: 6.5,
    advanceDays: 5,
    destinations: ['GB'],
    inspection: '首单100%外观检查。First order: 100% visual check.',
    emails: ['quality@goldenstar.example.com'],
  },
  {
    code: 'KINDERWELT',
    name: 'Kinderwelt GmbH',
    country: 'DE',
    type: 1,
    sales: 'demo.sales',
    majorAql: 1,
    minorAql: 2.5,
    advanceDays: 4,
    destinations: ['DE', 'AT', 'CH'],
    inspection: '德语说明书；CE标志。German manual and CE marking.',
    emails: ['einkauf@kinderwelt.example.com'],
    tests: [['T-HCHO', 'DE', true]],
  },
];

const ops = areas.client;

type Lookup = Map<string, bigint>;

/** Creates one demo client as its owner, then adds its requirements (those whose codes exist). */
async function seedClient(
  db: Db,
  c: DemoClient,
  ids: { country: Lookup; tension: Lookup; items: Lookup; onSite: Lookup },
) {
  const owner = await seedPrincipal(db, c.sales);
  const countryId = ids.country.get(c.country);
  if (!owner || countryId === undefined) return;
  const tensionLevelId = c.tension ? ids.tension.get(c.tension) : undefined;
  const client = await createClient(
    db,
    ops.createClient.input.parse({
      code: c.code,
      name: c.name,
      countryId: String(countryId),
      type: c.type,
      salesId: String(owner.userId),
      ...(tensionLevelId === undefined ? {} : { tensionLevelId: String(tensionLevelId) }),
      majorAql: c.majorAql,
      minorAql: c.minorAql,
      advanceDays: c.advanceDays,
      destinationCountries: c.destinations,
      inspectionRequirement: c.inspection,
      safetyRequirement: c.safety,
      reportEmails: c.emails,
    }),
    owner,
  );
  const tests = (c.tests ?? []).flatMap(([item, countryCode, mandatory]) => {
    const testItemId = ids.items.get(item);
    return testItemId === undefined ? [] : [{ testItemId: String(testItemId), countryCode, mandatory }];
  });
  const safetyTests = (c.safetyTests ?? []).flatMap(([test, sampleQty, criterion]) => {
    const inspectionTestId = ids.onSite.get(test);
    return inspectionTestId === undefined
      ? []
      : [{ inspectionTestId: String(inspectionTestId), sampleQty, criterion }];
  });
  if (tests.length === 0 && safetyTests.length === 0) return;
  await writeClientRequirements(
    db,
    ops.createClientRequirements.input.parse({
      clientId: client.id.toString(),
      version: client.version,
      tests,
      safetyTests,
    }),
    owner,
    'add',
  );
}

export async function seedClients(ctx: SeedContext): Promise<void> {
  if (ctx.config.QCDESK_DEMO_USERS !== '1') return;
  await ctx.database.db.transaction(async (db) => {
    const existing = new Set((await db.select({ code: clients.code }).from(clients)).map((r) => r.code));
    const wanted = DEMO_CLIENTS.filter((c) => !existing.has(c.code));
    if (wanted.length === 0) return;
    const ids = {
      country: await idsByCode(
        db,
        countries,
        wanted.map((c) => c.country),
      ),
      tension: await idsByCode(
        db,
        tensionLevels,
        wanted.flatMap((c) => (c.tension ? [c.tension] : [])),
      ),
      items: await idsByCode(
        db,
        testItems,
        wanted.flatMap((c) => (c.tests ?? []).map((t) => t[0])),
      ),
      onSite: await idsByCode(
        db,
        inspectionTests,
        wanted.flatMap((c) => (c.safetyTests ?? []).map((t) => t[0])),
      ),
    };
    for (const c of wanted) await seedClient(db, c, ids);
  });
}
