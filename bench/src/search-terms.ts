// The search terms of the hot-path and load benches: names people type, 2-character Chinese terms
// (the bigram index) among them, over the data of generate.ts.

export const CLIENT_TERMS = [
  '华美',
  '深圳宏达',
  'Nordic Home',
  'Golden',
  '玩具',
  'Blue Ocean Kids',
  '义乌',
  'Supply GmbH',
];
export const MATERIAL_TERMS = ['PP', '硅胶', '涤纶', '环保', 'polyester', 'ABS', '阻燃', '食品级'];
