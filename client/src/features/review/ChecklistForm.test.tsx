import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { ChecklistForm } from './ChecklistForm';

afterEach(cleanup);

function setup(
  kind: string,
  position: { latitude: number; longitude: number } | null = { latitude: 23.81, longitude: 90.41 },
) {
  const onSubmit = vi.fn();
  render(<ChecklistForm kind={kind} position={position} busy={false} onSubmit={onSubmit} />);
  return onSubmit;
}

const item = (n: number) => screen.getByTestId(`check-item-${n}`);
const answer = (n: number, yes: boolean) =>
  fireEvent.click(within(item(n)).getByLabelText(yes ? bn['common.yes'] : bn['common.no']));
const submit = () => fireEvent.click(screen.getByRole('button', { name: bn['decisions.checklist.submit'] }));

describe('BADC checklist (spec 3 §5)', () => {
  it('asks the electricity bill (item 7) only on the existing-pump form', () => {
    setup('New');
    expect(screen.queryByTestId('check-item-7')).toBeNull();
    expect(screen.queryByText(bn['review.checklist.7'], { exact: false })).toBeNull();
    cleanup();
    setup('Existing');
    expect(within(item(7)).getByText(bn['review.checklist.7'], { exact: false })).toBeTruthy();
  });

  it('refuses to submit while an item is unanswered', () => {
    const onSubmit = setup('New');
    for (const n of [1, 2, 3, 4, 5]) answer(n, true);
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(item(6)).getByText(bn['decisions.checklist.unanswered'])).toBeTruthy();
    expect(within(item(1)).queryByText(bn['decisions.checklist.unanswered'])).toBeNull();
  });

  it('refuses a "no" without a reason, then sends the reason and item 7 silently as yes', () => {
    const onSubmit = setup('New');
    for (const n of [1, 2, 3, 4, 6]) answer(n, true);
    answer(5, false);
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(item(5)).getByText(bn['decisions.checklist.reasonRequired'])).toBeTruthy();

    fireEvent.change(within(item(5)).getByLabelText(bn['decisions.checklist.reason']), {
      target: { value: 'রসিদ অস্পষ্ট' },
    });
    submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const payload = onSubmit.mock.calls[0]![0];
    expect(payload.checklist).toHaveLength(7);
    expect(payload.checklist[4]).toEqual({ ok: false, reason: 'রসিদ অস্পষ্ট' });
    expect(payload.checklist[6]).toEqual({ ok: true });
    expect(payload.latitude).toBe(23.81);
    expect(payload.longitude).toBe(90.41);
  });

  it('on the existing-pump form the electricity bill must be answered too', () => {
    const onSubmit = setup('Existing');
    for (const n of [1, 2, 3, 4, 5, 6]) answer(n, true);
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(item(7)).getByText(bn['decisions.checklist.unanswered'])).toBeTruthy();
    answer(7, false);
    fireEvent.change(within(item(7)).getByLabelText(bn['decisions.checklist.reason']), {
      target: { value: 'বিল পুরোনো' },
    });
    submit();
    expect(onSubmit.mock.calls[0]![0].checklist[6]).toEqual({ ok: false, reason: 'বিল পুরোনো' });
  });

  it('sends the position placed on the visit’s map, and none when the visit has none', () => {
    const withPosition = setup('New');
    expect(screen.getByTestId('checklist-position').textContent).toContain('২৩.৮১০০০০, ৯০.৪১০০০০');
    for (const n of [1, 2, 3, 4, 5, 6]) answer(n, true);
    submit();
    expect(withPosition.mock.calls[0]![0]).toMatchObject({ latitude: 23.81, longitude: 90.41 });
    cleanup();

    // No position on the visit: the checklist says the map keeps its position, and sends none.
    const without = setup('New', null);
    expect(screen.getByTestId('checklist-position').textContent).toBe(bn['decisions.checklist.positionKept']);
    for (const n of [1, 2, 3, 4, 5, 6]) answer(n, true);
    submit();
    const payload = without.mock.calls[0]![0];
    expect(payload).not.toHaveProperty('latitude');
    expect(payload).not.toHaveProperty('longitude');
  });
});
