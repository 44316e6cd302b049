import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { bn } from '@portal/shared/i18n/index';
import { LocaleProvider } from '../i18n/locale';
import { useConfirm } from './useConfirm';

afterEach(cleanup);

function Harness() {
  const { confirm, dialog } = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={() => void confirm({ title: 'মুছে ফেলবেন?' }).then((ok) => setAnswer(String(ok)))}>
        ask
      </button>
      <output>{answer}</output>
      {dialog}
    </>
  );
}

const renderHarness = () =>
  render(
    <LocaleProvider>
      <Harness />
    </LocaleProvider>,
  );

describe('useConfirm, with its dialog fetched apart from the page', () => {
  it('shows no dialog until asked, then the question with Bangla yes and no', async () => {
    renderHarness();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('মুছে ফেলবেন?');
    expect(within(dialog).getByRole('button', { name: bn['common.yes'] })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: bn['common.no'] })).toBeTruthy();
  });

  it('answers yes, or no, and closes', async () => {
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: bn['common.yes'] }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('true'));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: bn['common.no'] }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('false'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
