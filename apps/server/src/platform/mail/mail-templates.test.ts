import { LANGUAGES } from '@qcdesk/contract';
import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES, renderMail } from './mail-templates';

const params = {
  name: 'A<b>',
  code: '123456',
  link: 'https://x.test/?a=1&b=2',
  minutes: 10,
  tries: 5,
  hours: 72,
  username: 'u',
  testNo: 'MT2405210001',
  material: 'ABS',
  upc: '123',
  result: 'Pass',
  startDate: '2024-05-21',
  endDate: '2025-05-21',
  days: 30,
  pusher: 'Lab',
  list: 'Clients',
  rows: 3,
  day: '2026-03-15',
  overdue: 2,
  dueSoon: 5,
  lines: 'OD1 · PO 1\n  OD1-01 2026-03-14',
  itemNo: 'PS-1',
  client: 'Client',
  factory: 'Factory',
  receivedDate: '2026-03-15',
  remark: 'Seams loose',
  auditor: 'Auditor',
  sampleNo: 'FS2603150001',
  round: 2,
  orderNo: 'OD1',
  productNo: 'OD1-01',
  corrective: 'Redo the colour',
  testOrderNo: 'TO2603150001',
  testType: 'Chemical',
  planTime: '2026-03-15',
  count: 2,
  sender: 'QC',
  reportNo: 'SGS-2603-001',
  reportDate: '2026-03-15',
  lab: 'SGS',
  publisher: 'Verifier',
};

describe('mail templates', () => {
  it.each(MAIL_TEMPLATES.flatMap((t) => LANGUAGES.map((l) => [t, l] as const)))(
    '%s in %s fills every placeholder',
    (template, lang) => {
      const mail = renderMail(template, lang, params);
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\w+\}/);
      expect(mail.html).not.toContain('A<b>');
      expect(mail.html).toContain('A&lt;b&gt;');
    },
  );
});
