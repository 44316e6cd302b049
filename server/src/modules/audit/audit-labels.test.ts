import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { translate } from '@portal/shared';
import { auditNameKey } from '@portal/shared/i18n/audit-names';
import { isInternalAuditKey } from './changes.js';

/**
 * Every name an audit row records reads as a label on the application's history and the Admin's
 * audit page, never as a code ("importRows", "referenceNumber"; issue 21). The names are read from
 * the server's code: each `details: { … }` written with an audit row, and each field compared by
 * `changedFields({ … }, { … })`. A new fact or field without its label in the catalogue fails here.
 * `details: helper(…)` is followed into a helper of the same file (its object literals). Links and
 * fingerprints, which the pages leave out, are skipped as `readableFacts` skips them.
 */
const SERVER = path.resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The names of an object literal's own properties (spreads are followed where they are literals). */
function keysOf(node: ts.ObjectLiteralExpression): string[] {
  return node.properties.flatMap((p) => {
    if ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && !ts.isComputedPropertyName(p.name))
      return [p.name.getText()];
    return [];
  });
}

function recordedNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of sourceFiles(path.join(SERVER, 'src'))) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const where = path.relative(SERVER, file);
    const helpers = new Map<string, ts.Node>();
    const collectHelpers = (node: ts.Node) => {
      if (ts.isFunctionDeclaration(node) && node.name) helpers.set(node.name.text, node);
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
        helpers.set(node.name.text, node.initializer);
      ts.forEachChild(node, collectHelpers);
    };
    collectHelpers(source);
    const literalsIn = (node: ts.Node): ts.ObjectLiteralExpression[] => {
      const found: ts.ObjectLiteralExpression[] = [];
      const walk = (n: ts.Node): void => {
        if (ts.isObjectLiteralExpression(n)) found.push(n);
        else ts.forEachChild(n, walk);
      };
      walk(node);
      return found;
    };
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAssignment(node) && node.name.getText() === 'details') {
        const init = node.initializer;
        if (ts.isObjectLiteralExpression(init)) for (const name of keysOf(init)) names.set(name, where);
        const helper =
          ts.isCallExpression(init) && ts.isIdentifier(init.expression) ? helpers.get(init.expression.text) : undefined;
        if (helper)
          for (const literal of literalsIn(helper)) for (const name of keysOf(literal)) names.set(name, where);
      }
      if (ts.isCallExpression(node) && node.expression.getText() === 'changedFields')
        for (const arg of node.arguments)
          if (ts.isObjectLiteralExpression(arg)) for (const name of keysOf(arg)) names.set(name, where);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return names;
}

describe('the names audit rows record', () => {
  it('each has a label in the Bangla and the English catalogue', () => {
    const names = recordedNames();
    expect(names.size).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const [name, where] of names) {
      if (isInternalAuditKey(name)) continue;
      for (const locale of ['bn', 'en'] as const)
        if (auditNameKey(name, (key) => translate(locale, key) !== key) === null)
          missing.push(`${locale} ${name} (${where})`);
    }
    expect(missing.sort()).toEqual([]);
  });
});
