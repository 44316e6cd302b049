import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { bn, toBanglaDigits } from '@portal/shared/i18n/index';
import { AuditTrail } from './AuditTrail';

afterEach(cleanup);

const row = {
  at: '2026-11-24T04:30:00.000Z',
  fromStage: 'StepOne',
  toStage: 'StepOne',
  note: null,
};

/** An application's whole history on its detail (docs/decisions/041-audit-trail.md). */
describe('the history on an application’s detail', () => {
  it('names each action in Bangla and shows what an edit changed, before and after', () => {
    render(
      <AuditTrail
        audit={[
          { ...row, actor: 'citizen', action: 'submitted', toStage: 'StepOne', fromStage: null },
          {
            ...row,
            actor: 'badc@upazila.example',
            action: 'editFields',
            changes: [{ name: 'village', before: 'পুরাতন গ্রাম', after: 'নতুন গ্রাম' }],
          },
          {
            ...row,
            actor: 'admin@upazila.example',
            action: 'oldRecord.imported',
            fromStage: null,
            toStage: 'Approved',
            facts: [{ name: 'licenceNumber', value: 345 }],
          },
          { ...row, actor: 'admin@upazila.example', action: 'registerDelete', note: 'ভুল করে দুবার জমা' },
        ]}
      />,
    );
    expect(screen.getByText(bn['decisions.history.submitted'])).toBeTruthy();
    expect(screen.getByText(bn['decisions.history.editFields'])).toBeTruthy();
    const line = screen.getByRole('row', { name: new RegExp(bn['application.field.village']) });
    expect(
      within(line)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['পুরাতন গ্রাম', 'নতুন গ্রাম']);
    // A row with no note and no change shows its facts, with Bangla digits.
    expect(screen.getByText(bn['decisions.history.oldRecord.imported'], { exact: false })).toBeTruthy();
    expect(screen.getByText(`${bn['audit.field.licenceNumber']}:`).closest('li')!.textContent).toContain(
      toBanglaDigits(345),
    );
    expect(screen.getByText(bn['decisions.history.registerDelete'])).toBeTruthy();
    expect(screen.getByText('ভুল করে দুবার জমা')).toBeTruthy();
    // No action is left as its code.
    expect(screen.queryByText('oldRecord.imported')).toBeNull();
  });
});
