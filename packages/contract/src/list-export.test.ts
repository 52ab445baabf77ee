import { describe, expect, it } from 'vitest';
import { operations } from './catalogue';
import { exportClients, searchClients } from './client';
import { exportStarted } from './list-export';
import { exportMaterialTests } from './material-test';

describe('defineListExport', () => {
  it('takes the search’s filters without paging, under the search’s permission', () => {
    expect(exportClients.permission).toBe(searchClients.permission);
    expect(exportClients.method).toBe('POST');
    const parsed = exportClients.input.parse({
      name: ' 华美 ',
      country: '12',
      page: 3,
      pageSize: 50,
      count: false,
    });
    expect(parsed).toEqual({ name: '华美', country: 12n, deleted: false });
  });

  it('keeps the search’s rules across fields (a date range)', () => {
    const reversed = exportMaterialTests.input.safeParse({ startTime: '2024-05-02', endTime: '2024-05-01' });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]).toMatchObject({
      path: ['endTime'],
      params: { reason: 'E_DATE_RANGE' },
    });
    expect(
      exportMaterialTests.input.safeParse({ startTime: '2024-05-01', endTime: '2024-05-02' }).success,
    ).toBe(true);
  });

  it('is how every list of the catalogue exports', () => {
    const exports = operations.filter((op) => op.output === exportStarted).map((op) => op.path);
    expect(exports.sort()).toEqual([
      'client/export',
      'countryrequire/export',
      'firstsample/export',
      'inspection/apply/export',
      'material/export',
      'materialtest/export',
      'order/export',
      'orderrisk/export',
      'ordertest/export',
      'originalsample/export',
      'productionsample/export',
      'standard/export',
      'testreport/export',
    ]);
  });
});
