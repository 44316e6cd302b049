import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { addYears, formatDateBn, todayInDhaka } from '@portal/shared/i18n/dates';
import { bn } from '@portal/shared/i18n/index';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { RenewalReviewForm } from './RenewalReviewForm';

afterEach(cleanup);

const detail = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5',
  applicationNumber: 31,
  kind: 'Renew',
  files: [],
} as unknown as ApplicationDetail;

function setup() {
  const onSubmit = vi.fn();
  render(<RenewalReviewForm detail={detail} busy={false} onSubmit={onSubmit} />);
  return onSubmit;
}

const item = (n: number) => screen.getByTestId(`renew-check-item-${n}`);
const answer = (n: number, yes: boolean) =>
  fireEvent.click(within(item(n)).getByLabelText(yes ? bn['common.yes'] : bn['common.no']));
const decide = (approve: boolean) =>
  fireEvent.click(screen.getByLabelText(bn[approve ? 'review.renewal.approve' : 'review.renewal.decline']));
const submit = () => fireEvent.click(screen.getByRole('button', { name: bn['review.renewal.submit'] }));

describe('BADC renewal review form (spec 3 §2 "Renewal review form", §5)', () => {
  it('asks six document checks in the renewal’s document order, in Bangla', () => {
    setup();
    expect(screen.getAllByTestId(/^renew-check-item-/)).toHaveLength(6);
    expect(within(item(1)).getByText(/আবেদনকারীর ছবি সঠিক আছে কি\?/)).toBeTruthy();
    expect(within(item(3)).getByText(/লাইসেন্সের কপি সঠিক আছে কি\?/)).toBeTruthy();
    expect(within(item(6)).getByText(/ফি জমার রসিদ সঠিক আছে কি\?/)).toBeTruthy();
  });

  it('refuses to send until all six radios and the decision are answered', () => {
    const onSubmit = setup();
    for (const n of [1, 2, 3, 4, 5]) answer(n, true);
    decide(true);
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(item(6)).getByText(bn['decisions.checklist.unanswered'])).toBeTruthy();
    expect(within(item(1)).queryByText(bn['decisions.checklist.unanswered'])).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(bn['decisions.fixErrors']);

    cleanup();
    const again = setup();
    for (const n of [1, 2, 3, 4, 5, 6]) answer(n, true);
    submit();
    expect(again).not.toHaveBeenCalled();
    expect(screen.getByText(bn['v.choose'])).toBeTruthy();
  });

  it('requires a reason on a "no" and sends it with the check', () => {
    const onSubmit = setup();
    for (const n of [1, 2, 3, 5, 6]) answer(n, true);
    answer(4, false);
    decide(true);
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(item(4)).getByText(bn['decisions.checklist.reasonRequired'])).toBeTruthy();
    fireEvent.change(within(item(4)).getByLabelText(bn['decisions.checklist.reason']), {
      target: { value: 'খতিয়ান পুরোনো' },
    });
    submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const payload = onSubmit.mock.calls[0]![0];
    expect(payload.checks).toHaveLength(6);
    expect(payload.checks[3]).toEqual({ ok: false, reason: 'খতিয়ান পুরোনো' });
    expect(payload.checks[0]).toEqual({ ok: true });
  });

  it('Approve reveals the issue date and validity (today and today + 3 years), and needs them', () => {
    const onSubmit = setup();
    expect(screen.queryByLabelText(bn['decisions.approve.validTo'])).toBeNull();
    for (const n of [1, 2, 3, 4, 5, 6]) answer(n, true);
    decide(true);
    const today = todayInDhaka();
    const issued = screen.getByLabelText(bn['decisions.approve.issuedOn']) as HTMLInputElement;
    const to = screen.getByLabelText(bn['decisions.approve.validTo']) as HTMLInputElement;
    expect(issued.value).toBe(formatDateBn(today));
    expect((screen.getByLabelText(bn['decisions.approve.validFrom']) as HTMLInputElement).value).toBe(
      formatDateBn(today),
    );
    expect(to.value).toBe(formatDateBn(addYears(today, 3)));

    fireEvent.change(issued, { target: { value: '' } });
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(bn['v.date'])).toBeTruthy();

    fireEvent.change(issued, { target: { value: today } });
    fireEvent.change(to, { target: { value: today } });
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(bn['decisions.approve.validToAfterFrom'])).toBeTruthy();

    fireEvent.change(to, { target: { value: addYears(today, 3) } });
    submit();
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      checks: Array.from({ length: 6 }, () => ({ ok: true })),
      approve: true,
      issuedOn: today,
      validFrom: today,
      validTo: addYears(today, 3),
    });
  });

  it('Decline asks the reason instead of dates and sends it', () => {
    const onSubmit = setup();
    for (const n of [1, 2, 3, 4, 5, 6]) answer(n, true);
    decide(false);
    expect(screen.queryByLabelText(bn['decisions.approve.validTo'])).toBeNull();
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(bn['v.required'])).toBeTruthy();
    fireEvent.change(screen.getByLabelText(bn['review.renewal.reason']), { target: { value: 'ফি জমা হয়নি' } });
    submit();
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ approve: false, reason: 'ফি জমা হয়নি' });
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('validTo');
  });
});
