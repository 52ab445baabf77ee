import { fieldLabel, type Language } from '@qcdesk/contract';
import { enumLabel } from '@qcdesk/contract/enumerations';
import type ExcelJS from 'exceljs';
import type { Principal } from '../../platform/auth';
import { actorOf } from '../../platform/auth';
import type { Db } from '../../platform/db';
import type { Label } from '../../platform/labels';
import { loadExcelJS } from '../../platform/lazy-packages';
import { sheetCells } from '../../platform/spreadsheet-text';
import type { FilesRuntime } from '../../platform/storage/files-context';
import { fileOutput, storeGeneratedFile } from '../files/files.service';
import { getClient } from './client.service';
import { getClientRequirements } from './client-requirements.service';

// client/require/download: the client's requirements as an XLSX workbook in the request language
// (exceljs), stored as a file of the caller and answered with a signed download URL.

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const SHEETS = {
  client: { zh: '客户要求', en: 'Client requirements' },
  tests: { zh: '测试要求', en: 'Test requirements' },
  safety: { zh: '安全测试', en: 'Safety tests' },
  allDestinations: { zh: '全部目的国', en: 'All destinations' },
  yes: { zh: '是', en: 'Yes' },
  no: { zh: '否', en: 'No' },
} as const;

const named = (lang: Language, value: Omit<Label, 'id'> | null) =>
  value ? ((lang === 'en' ? value.nameEn : value.nameZh) ?? value.code ?? '') : '';

function styleHeader(sheet: ExcelJS.Worksheet): void {
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEDE7F6' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/** The workbook of one client: settings, test requirements and safety tests, one sheet each. */
export async function clientRequirementsWorkbook(db: Db, id: bigint, user: Principal, lang: Language) {
  const { detail: client } = await getClient(db, id, user);
  const { detail: requirements } = await getClientRequirements(db, id, user);
  const text = (key: keyof typeof SHEETS) => SHEETS[key][lang];
  const excel = await loadExcelJS();
  const workbook = new excel.Workbook();
  workbook.creator = 'QCDesk';

  const settings = workbook.addWorksheet(text('client'));
  settings.columns = [{ width: 24 }, { width: 80 }];
  const rows: [string, ExcelJS.CellValue][] = [
    ['code', client.code],
    ['name', client.name],
    ['country', named(lang, client.country)],
    ['type', enumLabel('ClientType', client.type, lang)],
    ['sales', lang === 'en' ? (client.sales.englishName ?? client.sales.name) : client.sales.name],
    ['department', named(lang, client.department)],
    ['samplingLevelId', client.samplingLevel.code],
    ['tensionLevelId', named(lang, client.tensionLevel)],
    ['majorAql', Number(client.majorAql)],
    ['minorAql', Number(client.minorAql)],
    ['advanceDays', client.advanceDays],
    ['destinationCountries', client.destinationCountries.map((c) => named(lang, c)).join(', ')],
    ['inspectionRequirement', client.inspectionRequirement ?? ''],
    ['safetyRequirement', client.safetyRequirement ?? ''],
    ['reportEmails', client.reportEmails.join(', ')],
  ];
  for (const [field, value] of rows) settings.addRow(sheetCells([fieldLabel(field, lang), value]));
  settings.getColumn(1).font = { bold: true };
  settings.getColumn(2).alignment = { wrapText: true, vertical: 'top' };

  const tests = workbook.addWorksheet(text('tests'));
  tests.columns = [{ width: 16 }, { width: 44 }, { width: 20 }, { width: 24 }, { width: 10 }];
  tests.addRow(
    sheetCells(
      ['code', 'testItemId', 'countryCode', 'productTypes', 'mandatory'].map((f) => fieldLabel(f, lang)),
    ),
  );
  for (const t of requirements.tests) {
    tests.addRow(
      sheetCells([
        t.testItem.code,
        named(lang, t.testItem),
        t.country ? named(lang, t.country) : text('allDestinations'),
        t.productTypes.map((p) => enumLabel('ProductType', p, lang)).join(', '),
        t.mandatory ? text('yes') : text('no'),
      ]),
    );
  }
  styleHeader(tests);

  const safety = workbook.addWorksheet(text('safety'));
  safety.columns = [{ width: 16 }, { width: 40 }, { width: 14 }, { width: 60 }];
  safety.addRow(
    sheetCells(['code', 'inspectionTestId', 'sampleQty', 'criterion'].map((f) => fieldLabel(f, lang))),
  );
  for (const s of requirements.safetyTests) {
    safety.addRow(
      sheetCells([s.inspectionTest.code, named(lang, s.inspectionTest), s.sampleQty, s.criterion ?? '']),
    );
  }
  styleHeader(safety);

  const name = `${client.code}-${lang === 'en' ? 'requirements' : '客户要求'}.xlsx`;
  return { name, content: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

/** client/require/download: the workbook stored as the caller's file, with a signed URL. */
export async function downloadClientRequirements(
  db: Db,
  runtime: FilesRuntime,
  id: bigint,
  user: Principal,
  lang: Language,
) {
  const { name, content } = await clientRequirementsWorkbook(db, id, user, lang);
  const file = await storeGeneratedFile(
    db,
    runtime.store,
    { name, contentType: XLSX_TYPE, content },
    actorOf(user),
  );
  return fileOutput(runtime, file);
}
