import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES_BY_PREFIX, type Namespace } from './namespaces';

/**
 * Each page in router.tsx names the message files it shows (lazyPage(..., [namespaces])), fetched
 * beside its chunk so that its first render has its words. This walks the static imports of each
 * page's module, as the bundler does, collects the message keys written in them (whole keys, and
 * the fixed start of keys built with `${…}`), and checks the page asks for every file that holds
 * them. A page that forgot one would show an empty text until it arrives (messages.ts).
 */
const SRC = path.resolve(__dirname, '..');
const SHARED = path.resolve(__dirname, '../../../shared/src');

const bnFiles = import.meta.glob<Record<string, Record<string, string>>>(
  ['../../../shared/src/i18n/bn/*.ts', '!../../../shared/src/i18n/bn/index.ts'],
  { eager: true },
);
const fileOfKey = new Map<string, Namespace>();
for (const [file, mod] of Object.entries(bnFiles)) {
  const ns = file.replace(/^.*\/([^/]+)\.ts$/, '$1') as Namespace;
  for (const part of Object.values(mod)) for (const key of Object.keys(part)) fileOfKey.set(key, ns);
}

// Problem texts a citizen can be shown come from problems.ts; the staff files' own problem keys
// (old records, register, …) belong to staff screens, which load every file.
const CITIZEN_DYNAMIC: Record<string, readonly Namespace[]> = { problem: ['problems'] };

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else if (spec.startsWith('@portal/shared/')) base = path.join(SHARED, spec.slice('@portal/shared/'.length));
  else if (spec === '@portal/shared') base = path.join(SHARED, 'index');
  else return null;
  base = base.replace(/\.js$/, '');
  for (const ext of ['.ts', '.tsx', '/index.ts', '/index.tsx']) if (fs.existsSync(base + ext)) return base + ext;
  return null;
}

/** The files a page's code shows, and those it fetches itself right after its first paint. */
function namespacesUsedBy(entry: string): { used: Set<Namespace>; fetchedLater: Set<Namespace> } {
  const seen = new Set<string>();
  const used = new Set<Namespace>();
  const fetchedLater = new Set<Namespace>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || file.includes(`${path.sep}i18n${path.sep}`)) continue;
    seen.add(file);
    // Comments may name keys they do not show.
    const text = fs
      .readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
    // Static imports only: what a lazy import inside the page shows arrives with its own chunk.
    for (const m of text.matchAll(
      /(?:import|export)\s+(?:type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]|import\s+['"]([^'"]+)['"]/g,
    )) {
      if (/^import\s+type\b|^export\s+type\b/.test(m[0])) continue;
      const next = resolveImport(file, (m[1] ?? m[2])!);
      if (next) queue.push(next);
    }
    for (const m of text.matchAll(/loadNamespaces\(\s*\[([^\]]*)\]/g)) {
      for (const ns of m[1]!.matchAll(/'([\w-]+)'/g)) fetchedLater.add(ns[1] as Namespace);
    }
    for (const m of text.matchAll(/['"`]([a-zA-Z]+)\.([\w.-]*)(\$\{)?/g)) {
      const [, prefix, rest, dynamic] = m;
      if (!(prefix! in NAMESPACES_BY_PREFIX)) continue;
      const key = `${prefix}.${rest}`;
      if (!dynamic && fileOfKey.has(key)) used.add(fileOfKey.get(key)!);
      else if (dynamic || rest === '') {
        if (CITIZEN_DYNAMIC[prefix!]) for (const ns of CITIZEN_DYNAMIC[prefix!]!) used.add(ns);
        else for (const [k, ns] of fileOfKey) if (k.startsWith(key)) used.add(ns);
      }
    }
  }
  return { used, fetchedLater };
}

const routerText = fs.readFileSync(path.join(SRC, 'router.tsx'), 'utf8');
const pages = [
  ...routerText.matchAll(
    /lazyPage\(\s*\(\)\s*=>\s*import\('([^']+)'\)(?:\.then\([^)]*\))?,\s*(\[[^\]]*\]|ALL_NAMESPACES)/g,
  ),
].map((m) => ({
  module: m[1]!,
  declared: m[2] === 'ALL_NAMESPACES' ? null : (JSON.parse(m[2]!.replace(/'/g, '"')) as Namespace[]),
}));

describe('the message files each page asks for', () => {
  it('reads every page of the route table', () => {
    expect(pages.length).toBe((routerText.match(/lazyPage\(/g) ?? []).length - 1);
  });

  it.each(pages.filter((p) => p.declared !== null))('$module asks for every file it shows', ({ module, declared }) => {
    const { used, fetchedLater } = namespacesUsedBy(resolveImport(path.join(SRC, 'router.tsx'), module)!);
    const missing = [...used].filter(
      (ns) => ns !== 'common' && ns !== 'home' && !declared!.includes(ns) && !fetchedLater.has(ns),
    );
    expect(missing).toEqual([]);
  });
});
