/**
 * The path (`fields.applicantName`, `q`, `_` for the value itself) of the first string or object
 * key holding U+0000 in a validated request value, or null. PostgreSQL refuses NUL in text and
 * jsonb ("invalid byte sequence"), so such input must be refused as bad input before any query
 * (docs/decisions/013). Iterative: a deeply nested body cannot overflow the stack.
 */
export function findNul(value: unknown): string | null {
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return pathText(path);
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push([item, [...path, String(i)]]));
    } else if (node !== null && typeof node === 'object' && isPlain(node)) {
      for (const [key, item] of Object.entries(node)) {
        if (key.includes('\u0000')) return pathText([...path, key.split('\u0000').join('')]);
        stack.push([item, [...path, key]]);
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
