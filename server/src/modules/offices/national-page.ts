import { createHash } from 'node:crypto';
import { html, raw } from 'hono/html';
import { toBanglaDigits, translate, type Locale, type MessageKey } from '@portal/shared';
import type { Area, Office } from './offices.repository.js';

/**
 * The national address's page (docs/decisions/057-offices.md, step 3): every open office, grouped
 * by district, searchable by its name or its district's in Bangla or English, each a link to the
 * same path on the office's own address (`/new-application` on the national address leads to
 * `/new-application` of the office chosen). Plain HTML a 2G phone draws at once: no script is
 * needed to search or choose, no web font (the phone's own Bangla font).
 *
 * One small fixed script, allowed by its hash: a licence QR opened on the national address
 * (`/licence-check#…`) goes straight to the office its payload names, and any other fragment goes
 * with the link chosen.
 */

const SCRIPT =
  '(function(){var h=location.hash;if(h.length<2)return;' +
  'var a=document.querySelectorAll("a[data-office]");for(var i=0;i<a.length;i++)a[i].href+=h;' +
  'if(location.pathname!=="/licence-check")return;' +
  'try{var p=h.slice(1).split(".")[0].replace(/-/g,"+").replace(/_/g,"/"),b=atob(p),u=new Uint8Array(b.length);' +
  'for(var j=0;j<b.length;j++)u[j]=b.charCodeAt(j);' +
  'var l=new TextDecoder().decode(u).split("\\n");' +
  'if(l[0]!=="2"||!/^[a-z0-9-]{2,40}$/.test(l[2]))return;' +
  "var o=document.querySelector('a[data-office=\"'+l[2]+'\"]');if(o)location.replace(o.href)}catch(e){}})();";

/** The page's content security policy: its one script by its hash, its own style, nothing from elsewhere. */
export const NATIONAL_PAGE_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`,
  "style-src 'unsafe-inline'",
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
].join('; ');

export interface NationalPageInput {
  offices: readonly Office[];
  /** The request's URL: its path is kept on the offices' links, its scheme and port too. */
  url: URL;
}

/** Text as compared in the search: one Unicode form, lower case, single spaces. */
function searchable(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The open offices a search and a district choice leave, by district then name, as the reader's language sorts them. */
export function findOffices(
  offices: readonly Office[],
  query: string,
  districtId: number | null,
  locale: Locale = 'bn',
): Office[] {
  const q = searchable(query);
  const name = (thing: { nameBn: string; nameEn: string } | null) =>
    thing ? (locale === 'bn' ? thing.nameBn : thing.nameEn) : '\uffff';
  return offices
    .filter((o) => o.open)
    .filter((o) => districtId === null || o.district?.id === districtId)
    .filter(
      (o) =>
        !q ||
        [o.nameBn, o.nameEn, o.district?.nameBn, o.district?.nameEn]
          .filter((t): t is string => Boolean(t))
          .some((t) => searchable(t).includes(q)),
    )
    .sort((a, b) => name(a.district).localeCompare(name(b.district), locale) || name(a).localeCompare(name(b), locale));
}

/** The same path on the office's own address, over this request's scheme and port; null when it has none. */
export function officeLink(office: Office, url: URL): string | null {
  if (!office.host) return null;
  const port = url.port ? `:${url.port}` : '';
  // Only a page's path goes along: the national address's own search words stay here.
  return `${url.protocol}//${office.host}${port}${url.pathname}`;
}

export function nationalPage({ offices, url }: NationalPageInput): string {
  const locale: Locale = url.searchParams.get('lang') === 'en' ? 'en' : 'bn';
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  const name = (thing: { nameBn: string; nameEn: string }) => (locale === 'bn' ? thing.nameBn : thing.nameEn);
  const digits = (n: number) => (locale === 'bn' ? toBanglaDigits(String(n)) : String(n));

  const query = (url.searchParams.get('q') ?? '').slice(0, 100);
  const chosen = Number(url.searchParams.get('district'));
  const districtId = Number.isInteger(chosen) && chosen > 0 ? chosen : null;
  const found = findOffices(offices, query, districtId, locale);

  const districts = new Map<number, Area>();
  for (const o of offices) if (o.open && o.district) districts.set(o.district.id, o.district);
  const districtOptions = [...districts.values()].sort((a, b) => name(a).localeCompare(name(b), locale));

  const groups = new Map<string, { title: string; offices: Office[] }>();
  for (const o of found) {
    const key = o.district ? String(o.district.id) : 'other';
    const title = o.district ? name(o.district) : t('offices.otherArea');
    const group = groups.get(key) ?? { title, offices: [] };
    group.offices.push(o);
    groups.set(key, group);
  }
  const other = new URL(url);
  other.searchParams.set('lang', locale === 'bn' ? 'en' : 'bn');

  // Kept as written: the script's bytes must be exactly those its hash allows.
  // prettier-ignore
  return html`<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('offices.title')} · ${t('offices.service')}</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<header><p class="service">${t('offices.service')}</p><a class="lang" href="${other.pathname}${other.search}" lang="${locale === 'bn' ? 'en' : 'bn'}">${t('offices.otherLanguage')}</a></header>
<main>
<h1>${t('offices.title')}</h1>
<p>${url.pathname === '/licence-check' ? t('offices.licenceCheck') : t('offices.intro')}</p>
<form method="get" role="search">
${locale === 'en' ? html`<input type="hidden" name="lang" value="en">` : ''}
<label for="q">${t('offices.search')}</label>
<input id="q" name="q" type="search" value="${query}" maxlength="100" autocomplete="off">
<label for="district">${t('offices.district')}</label>
<select id="district" name="district">
<option value="">${t('offices.allDistricts')}</option>
${districtOptions.map((d) => html`<option value="${d.id}"${d.id === districtId ? raw(' selected') : ''}>${name(d)}</option>`)}
</select>
<button type="submit">${t('offices.find')}</button>
</form>
<p class="count" role="status">${found.length ? t('offices.count', { count: digits(found.length) }) : t('offices.none')}</p>
${[...groups.values()].map(
  (g) => html`<section><h2>${g.title}</h2><ul>
${g.offices.map((o) => {
  const link = officeLink(o, url);
  const other = locale === 'bn' ? o.nameEn : o.nameBn;
  return link
    ? html`<li><a data-office="${o.code}" href="${link}">${name(o)}</a> <span lang="${locale === 'bn' ? 'en' : 'bn'}">${other}</span></li>`
    : html`<li>${name(o)} <span lang="${locale === 'bn' ? 'en' : 'bn'}">${other}</span> <em>${t('offices.noAddress')}</em></li>`;
})}
</ul></section>`,
)}
</main>
<footer><a href="/login">${t('offices.staffSignIn')}</a></footer>
<script>${raw(SCRIPT)}</script>
</body>
</html>`.toString();
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:"Noto Sans Bengali","Noto Sans",system-ui,sans-serif;color:#1f2937;background:#f5f7f5;line-height:1.6}
header{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.75rem 1rem;background:#14532d;color:#fff}
header .service{margin:0;font-weight:600}
header a{color:#fff}
main{max-width:44rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;margin:.5rem 0}
h2{font-size:1.1rem;margin:1.25rem 0 .25rem;color:#14532d}
form{display:grid;gap:.35rem;margin:1rem 0;padding:1rem;background:#fff;border:1px solid #d1d5db;border-radius:.5rem}
input,select,button{font:inherit;padding:.55rem .6rem;border:1px solid #6b7280;border-radius:.375rem;min-height:2.75rem}
button{margin-top:.5rem;background:#166534;color:#fff;border-color:#166534;font-weight:600}
ul{list-style:none;margin:0;padding:0;background:#fff;border:1px solid #d1d5db;border-radius:.5rem}
li{padding:.6rem .9rem;border-top:1px solid #e5e7eb}
li:first-child{border-top:0}
li a{font-weight:600;color:#14532d}
li span{color:#4b5563;font-size:.9rem}
li em{display:block;color:#6b7280;font-size:.85rem}
a:focus,input:focus,select:focus,button:focus{outline:3px solid #f59e0b;outline-offset:2px}
.count{color:#374151}
footer{max-width:44rem;margin:0 auto;padding:1rem 1rem 2rem}
footer a{color:#14532d}
`;
