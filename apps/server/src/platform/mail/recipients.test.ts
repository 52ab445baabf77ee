import { describe, expect, it } from 'vitest';
import { onceEach, salesAndContacts } from './recipients';

describe('sales and contacts', () => {
  it('mails sales in their language and each factory contact with an e-mail once, in Chinese', () => {
    expect(
      salesAndContacts({ email: 'sales@x.test', name: 'Sales', lang: 'en' }, [
        { name: '王经理', email: 'wang@f.test' },
        { name: 'no mail' },
        { name: 'dup', email: 'SALES@x.test' },
        { email: ' li@f.test ' },
      ]),
    ).toEqual([
      { email: 'sales@x.test', name: 'Sales', lang: 'en' },
      { email: 'wang@f.test', name: '王经理', lang: 'zh' },
      { email: 'li@f.test', name: 'li@f.test', lang: 'zh' },
    ]);
    expect(salesAndContacts(null, [])).toEqual([]);
  });

  it('keeps the first of two addresses that differ only in case', () => {
    const sales = { email: 'S@x.com', name: 'S', lang: 'en' as const };
    expect(onceEach([sales, { email: 's@x.com', name: 's', lang: 'zh' }])).toEqual([sales]);
  });
});
