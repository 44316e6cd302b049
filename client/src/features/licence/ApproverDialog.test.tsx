import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { LicenceDocument } from '@portal/shared/schemas/licence';
import { bn } from '@portal/shared/i18n/index';
import { ApproverDialog } from './ApproverDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const doc = { applicationId: 'a1', approver: { custom: false, lines: [] } } as unknown as LicenceDocument;

function open(onSaved = vi.fn()) {
  render(<ApproverDialog doc={doc} onSaved={onSaved} />);
  fireEvent.click(screen.getByRole('button', { name: bn['licence.approver.open'] }));
  fireEvent.click(screen.getByRole('checkbox', { name: bn['licence.approver.custom'] }));
  return onSaved;
}

describe('Change Approver dialog', () => {
  it('asks for at least one line before sending a custom block', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    open();
    fireEvent.click(screen.getByRole('button', { name: bn['common.save'] }));
    expect(screen.getByRole('alert').textContent).toBe(bn['licence.approver.needLine']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the six lines and shows the licence the server returns', async () => {
    const updated = { ...doc, approver: { custom: true, lines: ['মোঃ করিম'] } };
    const fetch = vi.fn(async () => new Response(JSON.stringify(updated), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const onSaved = open();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    fireEvent.change(screen.getByLabelText('লাইন ১'), { target: { value: 'মোঃ করিম' } });
    fireEvent.click(screen.getByRole('button', { name: bn['common.save'] }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(updated));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/staff/licences/a1/approver');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ custom: true, lines: ['মোঃ করিম', '', '', '', '', ''] });
  });
});
