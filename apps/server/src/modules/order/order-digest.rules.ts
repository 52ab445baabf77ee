import type { Language } from '@qcdesk/contract';

// The text of the daily delivery digest (DOMAIN.md §6.8): due products grouped by order, each
// marked overdue (delivery date before today) or due soon, in the recipient's language.

export interface DueProduct {
  orderNo: string;
  clientPo: string | null;
  client: string;
  productNo: string;
  name: string;
  deliveryDate: string;
}

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const WORDS = {
  zh: {
    overdue: (n: number) => `逾期${n}天`,
    today: '今天到期',
    due: (n: number) => `${n}天后到期`,
    more: '……更多产品请在订单列表中查看',
  },
  en: {
    overdue: (n: number) => `overdue ${n} day${n === 1 ? '' : 's'}`,
    today: 'due today',
    due: (n: number) => `due in ${n} day${n === 1 ? '' : 's'}`,
    more: '… more products in the order list',
  },
} as const;

/** The digest's list (orders with their products) and its counts. */
export function digestLines(products: readonly DueProduct[], today: string, lang: Language, more: boolean) {
  const words = WORDS[lang];
  const lines: string[] = [];
  let order = '';
  let overdue = 0;
  for (const p of products) {
    if (p.orderNo !== order) {
      order = p.orderNo;
      lines.push(`${p.orderNo}${p.clientPo ? ` · PO ${p.clientPo}` : ''} · ${p.client}`);
    }
    const days = dayCount(today, p.deliveryDate);
    if (days < 0) overdue++;
    const state = days < 0 ? words.overdue(-days) : days === 0 ? words.today : words.due(days);
    lines.push(`  ${p.productNo}  ${p.name}  ${p.deliveryDate}  ${state}`);
  }
  if (more) lines.push(words.more);
  return { lines: lines.join('\n'), overdue, dueSoon: products.length - overdue };
}
