import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { LocaleProvider } from '../../i18n/locale';
import { emptyKindValues } from './kindForms';
import { ReviewAnswers } from './ReviewAnswers';

afterEach(cleanup);

/** Check-your-answers reads in one script: no Latin digits among Bangla (issue 21). */
describe('ReviewAnswers', () => {
  it('shows numbers typed in Latin digits in Bangla digits, and a file size in megabytes', () => {
    const values = { ...emptyKindValues('NameChange'), jlNumber: '12', mobile: '01712345678', feePaidOn: '2026-11-10' };
    const photo = new File([new Uint8Array(1_200_000)], 'photo.jpg', { type: 'image/jpeg' });
    render(
      <LocaleProvider>
        <ReviewAnswers
          kind="NameChange"
          values={values}
          files={{ photo }}
          busy={false}
          error={null}
          onEdit={() => {}}
          onSubmit={() => {}}
        />
      </LocaleProvider>,
    );
    expect(screen.getByText('১২')).toBeTruthy();
    expect(screen.getByText('০১৭১২৩৪৫৬৭৮')).toBeTruthy();
    expect(screen.getByText('১০-১১-২০২৬')).toBeTruthy();
    expect(screen.getByText(/photo\.jpg \(১\.২ মেগাবাইট\)/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/[0-9]/);
  });
});
