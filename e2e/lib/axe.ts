import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * Accessibility findings on the screen a page shows now, by axe-core (the engine of Lighthouse and
 * of the audit that found the portal's 22 serious findings; issue 21). Only serious and critical
 * findings count: a screen reader user or a keyboard user cannot get through them. The rules are
 * WCAG 2.2 A and AA with axe's best practices.
 *
 * axe's source is evaluated through the DevTools protocol, which the portal's Content-Security-
 * Policy does not govern (a <script> tag would rightly be refused by it).
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const RUN = `window.axe.run(document, {
  resultTypes: ['violations'],
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
}).then((r) => r.violations
  .filter((v) => v.impact === 'serious' || v.impact === 'critical')
  .map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')))`;

/** Serious and critical findings on the page's current screen, one line each. */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  return (await page.evaluate(RUN)) as string[];
}

/** Gathers findings screen by screen, so one scenario step can name every screen that has any. */
export class AxeReport {
  private readonly found: string[] = [];
  screens = 0;

  async check(page: Page, screen: string): Promise<void> {
    this.screens++;
    for (const finding of await seriousAxeFindings(page)) this.found.push(`${screen}: ${finding}`);
  }

  /** Throws with every finding, or returns quietly when there is none. */
  assertClean(): void {
    if (this.found.length) {
      throw new Error(
        `${this.found.length} serious accessibility finding(s) on ${this.screens} screens:\n  ${this.found.join('\n  ')}`,
      );
    }
  }
}
