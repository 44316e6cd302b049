import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { LocaleProvider } from '../../../i18n/locale';
import RichTextEditor from './RichTextEditor';

afterEach(cleanup);

/** A voice-control user says the label they see: each button's name holds its visible text (issue 21). */
describe('the rich-text toolbar', () => {
  it('names every button with its visible text in it', async () => {
    render(
      <LocaleProvider>
        <RichTextEditor id="body" labelledBy="body-label" initialHtml="<p>নোটিশ</p>" onChange={() => {}} />
      </LocaleProvider>,
    );
    const toolbar = await screen.findByRole('toolbar');
    const buttons = [...toolbar.querySelectorAll('button')];
    expect(buttons.length).toBeGreaterThan(8);
    // The visible text is a word of the name of its own ("শিরোনাম H2"), not hidden in brackets.
    for (const b of buttons) {
      const name = b.getAttribute('aria-label')!;
      expect(name === b.textContent || name.endsWith(` ${b.textContent}`), `${name} / ${b.textContent}`).toBe(true);
    }
  });
});
