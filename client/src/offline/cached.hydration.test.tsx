import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicSettingsSchema } from '@portal/shared/schemas/settings';
import { SETTINGS_DATA_ID } from '@portal/shared/html-data';
import { setAdoptingFirstScreen } from '../adoption';
import { renderWithSettings, useLocalities, usePublicSettings } from './cached';

/**
 * A citizen page's first screen is drawn by the server with the site settings it writes beside it
 * (docs/decisions/047-scripts-after-the-first-paint.md); the app then adopts those elements. A phone
 * that kept other settings from an earlier visit must not make the adoption fail (React would then
 * throw the screen away and draw it again, and the title would change under the visitor's eyes).
 */
function Title() {
  const { data } = usePublicSettings();
  return <h1>{data?.websiteTitle ?? '…'}</h1>;
}

afterEach(() => {
  setAdoptingFirstScreen(false);
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

describe('the site settings of a first screen', () => {
  it("are what the adopted screen shows, whatever this phone kept, so the server's elements stay", async () => {
    const fromServer = publicSettingsSchema.parse({ websiteTitle: 'শিবগঞ্জ উপজেলা সেচ কমিটি' });
    const keptOnPhone = publicSettingsSchema.parse({ websiteTitle: 'পুরোনো নাম' });
    localStorage.setItem('cache:public-settings', JSON.stringify(keptOnPhone));
    // The settings request is still on its way, as on a slow line.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));

    const markup = renderWithSettings(fromServer, () => renderToString(<Title />));
    expect(markup).toBe('<h1>শিবগঞ্জ উপজেলা সেচ কমিটি</h1>');
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = SETTINGS_DATA_ID;
    block.textContent = JSON.stringify(fromServer);
    document.head.append(block);
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const heading = container.querySelector('h1');

    const failures: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Title />, { onRecoverableError: (err) => failures.push(err) });
    });
    expect(failures).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    expect(heading!.textContent).toBe('শিবগঞ্জ উপজেলা সেচ কমিটি');
  });

  it("show the unions this phone kept once the screen is adopted, and the server's elements stay", async () => {
    function Unions() {
      const { data } = useLocalities();
      return <ul>{data?.unions.map((u) => <li key={u.id}>{u.name}</li>) ?? <li>…</li>}</ul>;
    }
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    // The server knows nothing of this phone: it drew the list empty.
    const markup = renderToString(<Unions />);
    expect(markup).toBe('<ul><li>…</li></ul>');
    localStorage.setItem(
      'cache:localities',
      JSON.stringify({ unions: [{ id: 1, kind: 'union', name: 'মোবারকপুর' }], posts: [] }),
    );
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const list = container.querySelector('ul');

    const failures: unknown[] = [];
    setAdoptingFirstScreen(true);
    await act(async () => {
      hydrateRoot(container, <Unions />, { onRecoverableError: (err) => failures.push(err) });
    });
    expect(failures).toEqual([]);
    expect(container.querySelector('ul')).toBe(list);
    expect(list!.textContent).toBe('মোবারকপুর');
  });
});
