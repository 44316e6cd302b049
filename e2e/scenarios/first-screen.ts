import { type BrowserContext } from 'playwright-core';
import { bn } from '../../shared/src/i18n/index.js';
import { publicSettingsSchema } from '../../shared/src/schemas/settings.js';
import { openPhone } from '../lib/browser.js';
import { startPortal } from '../lib/portal.js';
import { assert, scenario, shot } from '../lib/runner.js';

/**
 * The first screen in the HTML (docs/decisions/046-first-screen-in-the-html.md): the server writes
 * each citizen page's first screen into its HTML from the built app, so a phone draws it before
 * any script has run; the app then takes it over. Checked on the built portal, with scripts off
 * (what the HTML alone shows) and on (the app's takeover loses nothing the person types). The
 * app's scripts are asked for only after that screen has painted (decision 047).
 */
/** The office's title as the portal's settings hold it (here the default), not the app's built-in name. */
const SITE_TITLE = publicSettingsSchema.parse({}).websiteTitle;

const PAGES: [path: string, title: string, text: string][] = [
  ['/new-application', bn['application.title'], bn['application.field.applicantName']],
  ['/renew-application', bn['application.kind.Renew.title'], bn['application.kind.Renew.intro']],
  ['/my-application', bn['verification.title.1'], bn['verification.intro']],
  ['/verification/6', bn['verification.title.6'], bn['verification.intro']],
  ['/', bn['home.services.title'], bn['home.services.title']],
];

export async function firstScreenScenario(): Promise<void> {
  const portal = await startPortal({ smsUrl: 'http://127.0.0.1:9/unused', smsToken: 'e2e-first-screen' });
  let bare: BrowserContext | null = null;
  let phone: BrowserContext | null = null;
  try {
    bare = await openPhone({ javaScript: false });
    const page = bare.pages()[0] ?? (await bare.newPage());

    await scenario("each citizen page's HTML draws the page itself, in Bangla, before any script runs", async () => {
      for (const [path, title, text] of PAGES) {
        await page.goto(portal.url + path);
        const body = await page.locator('body').innerText();
        assert(body.includes(title), `${path}: the HTML alone does not show its title «${title}»`);
        assert(body.includes(text), `${path}: the HTML alone does not show «${text.slice(0, 40)}»`);
        assert((await page.locator('#root[inert]').count()) === 1, `${path}: the first screen is not inert`);
        const header = await page.locator('#root header').innerText();
        assert(header.includes(SITE_TITLE), `${path}: the header does not show the office's title «${SITE_TITLE}»`);
        const raw = /\b(application|verification|home|common)\.[a-zA-Z]+[\w.]*/.exec(body);
        assert(raw === null, `${path}: the HTML shows a message key: ${raw?.[0]}`);
      }
      await page.goto(portal.url + '/new-application');
      await shot(page, 'first-screen-01-form-without-scripts');
    });

    phone = await openPhone();
    const live = phone.pages()[0] ?? (await phone.newPage());
    const errors: string[] = [];
    live.on('pageerror', (e) => errors.push(String(e)));

    await scenario(
      "the app adopts the page's first screen, on a first visit and a repeat one: the same elements, live",
      async () => {
        for (const [path] of PAGES) {
          // With the service worker kept out, the repeat visit gets the first screen again, now with
          // the settings and pictures the phone kept from the first: it must be adopted all the same.
          const visit = await openPhone({ serviceWorkers: 'block' });
          try {
            for (const which of ['first', 'repeat']) {
              const tab = await visit.newPage();
              // The first element of the page's <main> the HTML parser makes, kept to compare with the one the app ends with.
              await tab.addInitScript(() => {
                const seen = window as unknown as { firstMain?: Element | null };
                new MutationObserver(() => (seen.firstMain ??= document.querySelector('#root main > *'))).observe(
                  document,
                  { childList: true, subtree: true },
                );
              });
              await tab.goto(portal.url + path);
              await tab.waitForFunction(() => document.getElementById('root')?.hasAttribute('inert') === false, null, {
                timeout: 20_000,
              });
              const { same, paint, script } = await tab.evaluate(() => ({
                same:
                  document.querySelector('#root main > *') === (window as unknown as { firstMain?: Element }).firstMain,
                paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
                script: performance.getEntriesByType('resource').find((r) => /\/assets\/index-[^/]*\.js$/.test(r.name))
                  ?.startTime,
              }));
              assert(same, `${path} (${which} visit): the app drew the page afresh instead of adopting the HTML's`);
              assert(
                paint !== undefined && script !== undefined && script >= paint,
                `${path} (${which} visit): the app's script was asked for at ${script} ms, before the first paint at ${paint} ms`,
              );
              await tab.close();
            }
          } finally {
            await visit.close();
          }
        }
      },
    );

    await scenario('the app takes the form over: nothing inert is left, and what is typed is kept', async () => {
      await live.goto(portal.url + '/new-application');
      await live.waitForFunction(() => document.getElementById('root')?.hasAttribute('inert') === false, null, {
        timeout: 20_000,
      });
      assert((await live.locator('h1').count()) === 1, 'the title shows twice after the takeover');
      const name = live.getByLabel(bn['application.field.applicantName']);
      await name.fill('মোছাঃ রহিমা খাতুন');
      // The draft survives a reload: the typed name comes back in the app, not the HTML's empty field.
      await live.waitForFunction(() => localStorage.getItem('draft:new-application')?.includes('রহিমা'));
      // What the field holds at the moment the screen goes live, seen by an observer set up before
      // the page's own scripts: a field live before the app has adopted the page shows the HTML's
      // empty value, and what is typed there is lost.
      await live.addInitScript({
        content: `new MutationObserver((changes, observer) => {
          const root = document.getElementById('root');
          if (!root || root.hasAttribute('inert') || !changes.some((c) => c.target === root)) return;
          observer.disconnect();
          window.__atLive = { value: document.querySelector('input[name=applicantName]')?.value ?? null };
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['inert'] });`,
      });
      await live.reload();
      const atLive = await live.waitForFunction(
        () => (window as { __atLive?: { value: string | null } }).__atLive,
        null,
        {
          timeout: 20_000,
        },
      );
      const { value } = (await atLive.jsonValue()) as { value: string | null };
      assert(
        value === 'মোছাঃ রহিমা খাতুন',
        `the field held «${value}», not the typed name, when the page went live after a reload`,
      );
      assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
      await shot(live, 'first-screen-02-form-taken-over');
    });
  } finally {
    await bare?.close();
    await phone?.close();
    await portal.stop();
  }
}
