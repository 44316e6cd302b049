import type { MessageKey } from '@portal/shared/i18n/index';
import type { PayloadOf } from './officerAction';

type ChecklistItem = PayloadOf<'inspect'>['checklist'][number];

/** Seven items in document-slot order (spec 3 §5); the seventh is the electricity bill. */
export const CHECKLIST_SIZE = 7;

/** The electricity bill is asked only on the existing-pump application (spec 3 §5). */
export function asksElectricityBill(kind: string): boolean {
  return kind === 'Existing';
}

export interface ChecklistAnswer {
  ok: boolean | null;
  reason: string;
}

export const emptyAnswers = (): ChecklistAnswer[] =>
  Array.from({ length: CHECKLIST_SIZE }, () => ({ ok: null, reason: '' }));

/** Which asked items are not ready: unanswered, or "no" without a reason. Index → message key. */
export function checklistErrors(answers: ChecklistAnswer[], kind: string): Map<number, MessageKey> {
  const errors = new Map<number, MessageKey>();
  const asked = asksElectricityBill(kind) ? CHECKLIST_SIZE : CHECKLIST_SIZE - 1;
  for (let i = 0; i < asked; i++) {
    const a = answers[i]!;
    if (a.ok === null) errors.set(i, 'decisions.checklist.unanswered');
    else if (!a.ok && a.reason.trim() === '') errors.set(i, 'decisions.checklist.reasonRequired');
  }
  return errors;
}

/** The answers as the server takes them: "yes" sends no detail; an item not asked is sent as yes (spec 3 §5). */
export function toChecklist(answers: ChecklistAnswer[], kind: string): ChecklistItem[] {
  const asked = asksElectricityBill(kind) ? CHECKLIST_SIZE : CHECKLIST_SIZE - 1;
  return answers.map((a, i) => (i >= asked || a.ok ? { ok: true } : { ok: false, reason: a.reason.trim() }));
}
