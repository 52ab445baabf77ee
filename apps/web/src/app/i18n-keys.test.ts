import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTexts } from './texts';

type Tree = { readonly [key: string]: string | Tree };

/** i18next plural forms (`key_one`, `key_other`) are one key to the code: `t('key', { count })`. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => key.replace(PLURAL, '');

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
  const zhKeys = [...new Set(flatten(zh).map(pluralBase))].sort();
  const enKeys = [...new Set(flatten(en).map(pluralBase))].sort();

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
    // A plural form may leave `count` out ("sent once"); the other placeholders stay.
    // Each tree's keys once, grouped by their base: the lookup per key stays linear.
    const byBase = new Map<Tree, Map<string, string[]>>();
    const grouped = (tree: Tree) => {
      let groups = byBase.get(tree);
      if (!groups) {
        groups = new Map();
        for (const k of flatten(tree)) {
          const base = PLURAL.test(k) ? pluralBase(k) : k;
          for (const b of new Set([k, base])) groups.set(b, [...(groups.get(b) ?? []), k]);
        }
        byBase.set(tree, groups);
      }
      return groups;
    };
    const forms = (tree: Tree, key: string) => grouped(tree).get(key) ?? [];
    const placeholders = (tree: Tree, key: string) =>
      [
        ...new Set(
          forms(tree, key).flatMap((k) =>
            [...(lookup(tree, k) ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]),
          ),
        ),
      ].sort();
    for (const key of enKeys) expect(placeholders(zh, key), key).toEqual(placeholders(en, key));
  });

  it('gives every English plural its one and other forms', () => {
    const plurals = flatten(en).filter((k) => PLURAL.test(k));
    for (const key of plurals) {
      expect(lookup(en, `${pluralBase(key)}_one`), key).toBeTruthy();
      expect(lookup(en, `${pluralBase(key)}_other`), key).toBeTruthy();
    }
  });
});
