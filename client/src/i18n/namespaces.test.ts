import { describe, expect, it } from 'vitest';
import { NAMESPACES_BY_PREFIX } from './namespaces';

// Every message file, read as the build reads it, to derive which prefixes each one holds.
const files = {
  bn: import.meta.glob<Record<string, Record<string, string>>>(
    ['../../../shared/src/i18n/bn/*.ts', '!../../../shared/src/i18n/bn/index.ts'],
    {
      eager: true,
    },
  ),
  en: import.meta.glob<Record<string, Record<string, string>>>(
    ['../../../shared/src/i18n/en/*.ts', '!../../../shared/src/i18n/en/index.ts'],
    {
      eager: true,
    },
  ),
};

function prefixesByFile(locale: 'bn' | 'en'): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const [path, mod] of Object.entries(files[locale])) {
    const ns = path.replace(/^.*\/([^/]+)\.ts$/, '$1');
    for (const messages of Object.values(mod)) {
      for (const key of Object.keys(messages)) {
        const prefix = key.slice(0, key.indexOf('.'));
        if (!found.has(prefix)) found.set(prefix, new Set());
        found.get(prefix)!.add(ns);
      }
    }
  }
  return found;
}

describe('the prefix table of the message files', () => {
  it.each(['bn', 'en'] as const)('names exactly the %s files that hold each prefix', (locale) => {
    const actual = Object.fromEntries([...prefixesByFile(locale)].map(([p, ns]) => [p, [...ns].sort()]));
    const declared = Object.fromEntries(Object.entries(NAMESPACES_BY_PREFIX).map(([p, ns]) => [p, [...ns].sort()]));
    expect(declared).toEqual(actual);
  });
});
