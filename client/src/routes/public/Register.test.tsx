import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import Register from './Register';

/** /reg (decision 014): the password rule before typing, a count while typing, one answer for every e-mail. */
function openRegister() {
  render(
    <MemoryRouter initialEntries={['/reg']}>
      <Register />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('staff registration', () => {
  it('shows the 15-character rule before typing and counts the characters as the server does', () => {
    vi.stubGlobal('fetch', vi.fn());
    openRegister();
    expect(screen.getByText(bn['staff.passwordHint'])).toBeTruthy();
    expect(bn['staff.passwordHint']).toContain('১৫');
    const password = screen.getByLabelText(bn['staff.password']);
    fireEvent.change(password, { target: { value: 'আমার সেচ' } });
    // আ ম া র, space, স ে চ: eight characters, seven more needed.
    expect(screen.getByText('৮ অক্ষর লেখা হয়েছে, আরও ৭টি লাগবে')).toBeTruthy();
    fireEvent.change(password, { target: { value: '🌾🌾🌾🌾🌾🌾 sech-23' } });
    expect(screen.getByText('১৪ অক্ষর লেখা হয়েছে, আরও ১টি লাগবে')).toBeTruthy();
    fireEvent.change(password, { target: { value: 'river fields at dawn' } });
    expect(screen.getByText('২০ অক্ষর — যথেষ্ট লম্বা')).toBeTruthy();
  });

  it('says the same after sending whatever the e-mail, and sends the person to sign in', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    openRegister();
    fireEvent.change(screen.getByLabelText(bn['staff.name']), { target: { value: 'মোঃ রফিকুল ইসলাম' } });
    fireEvent.change(screen.getByLabelText(bn['staff.email']), { target: { value: 'officer@example.gov.bd' } });
    fireEvent.change(screen.getByLabelText(bn['staff.password']), { target: { value: 'river fields at dawn' } });
    fireEvent.change(screen.getByLabelText(bn['staff.passwordAgain']), { target: { value: 'river fields at dawn' } });
    fireEvent.click(screen.getByRole('button', { name: bn['staff.register.submit'] }));
    expect(await screen.findByText(bn['staff.register.done'])).toBeTruthy();
    expect(screen.getByRole('link', { name: bn['staff.register.toLogin'] }).getAttribute('href')).toBe('/login');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      name: 'মোঃ রফিকুল ইসলাম',
      email: 'officer@example.gov.bd',
      password: 'river fields at dawn',
    });
  });

  it('asks for the name first, and sends nothing without it', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    openRegister();
    fireEvent.change(screen.getByLabelText(bn['staff.email']), { target: { value: 'officer@example.gov.bd' } });
    fireEvent.change(screen.getByLabelText(bn['staff.password']), { target: { value: 'river fields at dawn' } });
    fireEvent.change(screen.getByLabelText(bn['staff.passwordAgain']), { target: { value: 'river fields at dawn' } });
    fireEvent.click(screen.getByRole('button', { name: bn['staff.register.submit'] }));
    expect(screen.getByLabelText(bn['staff.name']).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(bn['v.required'])).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server’s Bangla reason when it refuses the password', async () => {
    const refusal = {
      error: {
        code: 'WEAK_PASSWORD',
        message: bn['problem.WEAK_PASSWORD'],
        messageEn: 'weak',
        fields: { password: bn['auth.password.common'] },
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(refusal), { status: 400 })),
    );
    openRegister();
    fireEvent.change(screen.getByLabelText(bn['staff.name']), { target: { value: 'মোঃ রফিকুল ইসলাম' } });
    fireEvent.change(screen.getByLabelText(bn['staff.email']), { target: { value: 'officer@example.gov.bd' } });
    fireEvent.change(screen.getByLabelText(bn['staff.password']), { target: { value: 'passwordpassword' } });
    fireEvent.change(screen.getByLabelText(bn['staff.passwordAgain']), { target: { value: 'passwordpassword' } });
    fireEvent.click(screen.getByRole('button', { name: bn['staff.register.submit'] }));
    expect(await screen.findByText(bn['auth.password.common'])).toBeTruthy();
  });
});
