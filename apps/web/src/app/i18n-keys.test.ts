import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTexts } from './texts';

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

function lookup(tree: Tree, key: string): string | undefined {
  const value = key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    );
  return typeof value === 'string' ? value : undefined;
}

const en = (await loadTexts('en')) as unknown as Tree;
const zh = (await loadTexts('zh')) as unknown as Tree;

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

// Keys are always written literally — t('home.title'), i18nKey="home.title" — so a scan finds every use.
const USE = /\bt\(\s*['"]([\w.-]+)['"]|i18nKey=["']([\w.-]+)["']/g;

/** A key named in a comment is not a use. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    if (file.startsWith(join(SRC, 'i18n'))) continue;
    for (const match of withoutComments(readFileSync(file, 'utf8')).matchAll(USE)) {
      const key = match[1] ?? match[2];
      if (key) used.set(key, relative(SRC, file));
    }
  }
  return used;
}

describe('i18n resources', () => {
  const zhKeys = flatten(zh).sort();
  const enKeys = flatten(en).sort();

  it('has every key in both languages', () => {
    expect(zhKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !zhKeys.includes(k))).toEqual([]);
  });

  it('has no empty text', () => {
    const empty = (tree: Tree) => flatten(tree).filter((key) => !lookup(tree, key)?.trim());
    expect(empty(zh)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });

  it('uses every key somewhere in src', () => {
    const used = usedKeys();
    expect(enKeys.filter((key) => !used.has(key))).toEqual([]);
  });

  it('defines every key that src uses', () => {
    const missing = [...usedKeys()]
      .filter(([key]) => !enKeys.includes(key))
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('keeps the same placeholders in both languages', () => {
    const placeholders = (tree: Tree, key: string) =>
      [...(lookup(tree, key) ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of enKeys) expect(placeholders(zh, key), key).toEqual(placeholders(en, key));
  });
});
