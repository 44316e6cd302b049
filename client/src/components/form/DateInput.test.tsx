import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { LocaleProvider } from '../../i18n/locale';
import { DateField, DateInput } from './DateInput';

afterEach(cleanup);

/** A form's field and a filter, each keeping what the box passes on, as their screens do. */
function Harness({ keep, start = '' }: { keep: boolean; start?: string }) {
  const [value, setValue] = useState(start);
  return (
    <LocaleProvider>
      {keep ? (
        <DateField name="feePaidOn" label="ফি জমার তারিখ" value={value} onValue={setValue} />
      ) : (
        <label>
          শুরু
          <DateInput value={value} onValue={setValue} />
        </label>
      )}
      <output data-testid="kept">{value}</output>
    </LocaleProvider>
  );
}
const box = () => screen.getByRole('textbox') as HTMLInputElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const kept = () => screen.getByTestId('kept').textContent;

describe('a date typed the way dates are shown (issue 21)', () => {
  it('reads 10112026 as 10 November, in Bangla or Latin digits, and shows a kept date day first', () => {
    render(<Harness keep start="2026-03-05" />);
    expect(box().value).toBe('০৫-০৩-২০২৬');
    expect(box().placeholder).toBe(bn['common.date.placeholder']);
    type('10112026');
    expect(kept()).toBe('2026-11-10');
    type('১০-১১-২০২৬');
    expect(kept()).toBe('2026-11-10');
  });

  it("passes an impossible date on to the form's check as typed, never as no date", () => {
    render(<Harness keep />);
    type('31-02-2026');
    expect(kept()).toBe('31-02-2026');
    expect(box().value).toBe('31-02-2026');
  });

  it('in a filter, says at once that the text is not a date and filters by none', () => {
    render(<Harness keep={false} start="2026-01-01" />);
    type('31022026');
    expect(kept()).toBe('');
    expect(screen.getByRole('alert').textContent).toBe(bn['v.date']);
    expect(box().getAttribute('aria-invalid')).toBe('true');
    type('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
