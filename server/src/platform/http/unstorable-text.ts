/** What in a string PostgreSQL cannot store, and the message that says so. */
export type UnstorableKey = 'v.noNul' | 'v.loneSurrogate';

/**
 * A NUL character (U+0000), or half of a UTF-16 surrogate pair without its other half (valid JSON
 * text, "a\ud800b", but not Unicode): PostgreSQL refuses both in text and jsonb ("invalid byte
 * sequence", "unsupported Unicode escape sequence"), so such input is bad input, refused before
 * any query (docs/decisions/013). With the `u` flag the class matches only a lone half: a pair is
 * one code point outside it.
 */
function unstorable(text: string): UnstorableKey | null {
  if (text.includes('\u0000')) return 'v.noNul';
  if (/[\uD800-\uDFFF]/u.test(text)) return 'v.loneSurrogate';
  return null;
}

/**
 * The path (`fields.applicantName`, `q`, `_` for the value itself) of the first string or object
 * key in a validated request value that PostgreSQL cannot store, with the message that says why;
 * or null. Iterative: a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): { at: string; key: UnstorableKey } | null {
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      const key = unstorable(node);
      if (key) return { at: pathText(path), key };
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push([item, [...path, String(i)]]));
    } else if (node !== null && typeof node === 'object' && isPlain(node)) {
      for (const [name, item] of Object.entries(node)) {
        const key = unstorable(name);
        if (key)
          return {
            at: pathText([
              ...path,
              name
                .split('\u0000')
                .join('')
                .replace(/[\uD800-\uDFFF]/gu, ''),
            ]),
            key,
          };
        stack.push([item, [...path, name]]);
      }
    }
  }
  return null;
}

function isPlain(node: object): boolean {
  const proto = Object.getPrototypeOf(node) as unknown;
  return proto === Object.prototype || proto === null;
}

function pathText(path: string[]): string {
  return path.length > 0 ? path.join('.') : '_';
}
