import { describe, expect, it } from 'vitest';
import { bn, en } from './index.js';

/**
 * A button says what it does (issue 21): an officer reading a list must not take a row's action
 * for its status. No action button's label repeats a status, a stage or a menu entry, and the
 * licence rows' actions are verbs ("স্থগিত করুন", never the status word "স্থগিত").
 */
const ACTION_BUTTON = /^(licence|review|register)\.action\.[a-zA-Z]+$/;
// Texts of the same buttons that are not labels: dialog titles and bodies, notes, results.
const NOT_A_LABEL = /(Title|Body|Note|Failed|ed|offline|smsWillGo|smsOff|validFrom|validTo)$/;

function labels(catalogue: Record<string, string>) {
  const buttons = Object.entries(catalogue).filter(([k]) => ACTION_BUTTON.test(k) && !NOT_A_LABEL.test(k));
  const shown = new Map<string, string>();
  for (const [key, text] of Object.entries(catalogue)) {
    if (/\.(status|stage|state)\.[a-zA-Z]+$/.test(key) || key.startsWith('staff.menuItem.')) shown.set(text, key);
  }
  return { buttons, shown };
}

describe('action button labels', () => {
  it.each([
    ['bn', bn],
    ['en', en],
  ] as const)('never repeat a status, a stage or a menu entry (%s)', (_, catalogue) => {
    const { buttons, shown } = labels(catalogue as Record<string, string>);
    expect(buttons.length).toBeGreaterThan(10);
    const clashes = buttons
      .filter(([, text]) => shown.has(text))
      .map(([k, text]) => `${k} = ${shown.get(text)} "${text}"`);
    expect(clashes).toEqual([]);
  });

  it('are verbs on the licence rows: confirm, suspend and re-activate ask for the deed', () => {
    expect(bn['licence.action.suspend']).toBe('স্থগিত করুন');
    for (const action of ['confirm', 'suspend', 'reactivate'] as const) {
      expect(bn[`licence.action.${action}`]).toMatch(/করুন$/);
      expect(bn[`licence.action.${action}`]).not.toBe(bn['licence.status.suspended']);
    }
  });
});
