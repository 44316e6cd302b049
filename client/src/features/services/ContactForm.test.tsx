import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LocaleProvider } from '../../i18n/locale';
import { ContactForm } from './ContactForm';

/** The home page's contact form against a stand-in that answers the way the server does. */
let requests: unknown[];
let answer: () => Response | Promise<Response>;

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
    requests.push(JSON.parse(String(init.body)));
    return answer();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fill() {
  fireEvent.change(screen.getByLabelText(/^নাম/), { target: { value: 'করিম' } });
  fireEvent.change(screen.getByLabelText(/^মোবাইল নম্বর/), { target: { value: '০১৭১২৩৪৫৬৭৮' } });
  fireEvent.change(screen.getByLabelText(/^বার্তা/), { target: { value: 'লাইসেন্স কবে পাব?' } });
}

describe('ContactForm (spec 1 §2, §5, §8)', () => {
  it('sends nothing until name, phone and message are filled', async () => {
    render(
      <LocaleProvider>
        <ContactForm />
      </LocaleProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'পাঠান' }));
    expect(await screen.findAllByText('এই ঘরটি পূরণ করা আবশ্যক।')).toHaveLength(3);
    expect(requests).toHaveLength(0);
  });

  it('says it was received and empties the form', async () => {
    answer = () =>
      new Response(JSON.stringify({ id: 1 }), { status: 201, headers: { 'content-type': 'application/json' } });
    render(
      <LocaleProvider>
        <ContactForm />
      </LocaleProvider>,
    );
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'পাঠান' }));
    expect(await screen.findByText('যোগাযোগ ফর্ম সফলভাবে জমা হয়েছে।')).toBeTruthy();
    expect(requests).toEqual([{ name: 'করিম', phone: '০১৭১২৩৪৫৬৭৮', message: 'লাইসেন্স কবে পাব?' }]);
    expect((screen.getByLabelText(/^বার্তা/) as HTMLTextAreaElement).value).toBe('');
  });

  it("shows the server's Bangla reason on a refusal and keeps what was written", async () => {
    answer = () =>
      new Response(
        JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'অল্প সময়ে অনেকবার চেষ্টা হয়েছে।', messageEn: 'x' } }),
        {
          status: 429,
          headers: { 'content-type': 'application/json' },
        },
      );
    render(
      <LocaleProvider>
        <ContactForm />
      </LocaleProvider>,
    );
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'পাঠান' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('অল্প সময়ে অনেকবার চেষ্টা হয়েছে।'));
    expect((screen.getByLabelText(/^বার্তা/) as HTMLTextAreaElement).value).toBe('লাইসেন্স কবে পাব?');
  });
});
