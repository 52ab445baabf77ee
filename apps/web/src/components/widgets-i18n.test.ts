import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { widgetsEn } from '../i18n/widgets.en';
import { widgetsZh } from '../i18n/widgets.zh';

type Tree = { readonly [key: string]: string | Tree };

function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : entries(value, `${prefix}${key}.`),
  );
}

/** The widgets keys the components name, written literally as the shell's key scan expects. */
function usedKeys(): Set<string> {
  const dir = import.meta.dirname;
  const used = new Set<string>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) continue;
    for (const match of readFileSync(join(dir, name), 'utf8').matchAll(/\bt\(\s*'(widgets\.[\w.-]+)'/g)) {
      used.add(match[1]!);
    }
  }
  return used;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('widgets namespace', () => {
  const en = new Map(entries(widgetsEn));
  const zh = new Map(entries(widgetsZh));

  it('has the same keys in zh and en', () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('has no empty text', () => {
    expect([...en, ...zh].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
  });

  it('uses every key in the components and names no key it lacks', () => {
    const used = usedKeys();
    const keys = [...en.keys()].map((key) => `widgets.${key}`);
    expect(keys.filter((key) => !used.has(key))).toEqual([]);
    expect([...used].filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('keeps the same placeholders in both languages', () => {
    for (const [key, text] of en) expect(placeholders(zh.get(key) ?? ''), key).toEqual(placeholders(text));
  });
});
