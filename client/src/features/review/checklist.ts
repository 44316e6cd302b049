import type { MessageKey } from '@portal/shared/i18n/index';
import { KIND_CHECKLIST, type RequestKind } from '@portal/shared/kinds/slots';

/**
 * Yes/no answers an officer gives item by item: the BADC checklist of a new application (seven
 * items, spec 3 §5), the six document checks of a renewal and the seven marks of a change
 * (spec 3 §2 "Detail screens"). How many items a kind has and how many are asked is
 * KIND_CHECKLIST's answer (shared/src/kinds/slots.ts); this file only checks what was typed.
 */
export interface CheckAnswer {
  ok: boolean | null;
  reason: string;
}

/** Seven items in document-slot order (spec 3 §5); the seventh is the electricity bill. */
export const CHECKLIST_SIZE = 7;

function checklistOf(kind: string): { items: number; asked: number } {
  return KIND_CHECKLIST[kind as RequestKind] ?? KIND_CHECKLIST.New;
}

/** How many checklist items the BADC officer answers for this kind (the rest are sent as yes). */
export function askedItems(kind: string): number {
  return checklistOf(kind).asked;
}

/** The electricity bill is asked only on the existing-pump application (spec 3 §5). */
export function asksElectricityBill(kind: string): boolean {
  return askedItems(kind) === CHECKLIST_SIZE;
}

export const emptyAnswers = (size: number = CHECKLIST_SIZE): CheckAnswer[] =>
  Array.from({ length: size }, () => ({ ok: null, reason: '' }));

/**
 * Which of the first `asked` items are not ready: unanswered, or "no" without a reason where a
 * reason is required (the checklist and the renewal checks; a change mark's note is optional).
 */
export function checkErrors(
  answers: CheckAnswer[],
  asked: number,
  reasonOnNo: 'required' | 'optional',
): Map<number, MessageKey> {
  const errors = new Map<number, MessageKey>();
  for (let i = 0; i < asked; i++) {
    const a = answers[i]!;
    if (a.ok === null) errors.set(i, 'decisions.checklist.unanswered');
    else if (!a.ok && reasonOnNo === 'required' && a.reason.trim() === '')
      errors.set(i, 'decisions.checklist.reasonRequired');
  }
  return errors;
}

/**
 * The answers as the server takes them: "yes" sends no text; an item not asked is sent as yes
 * (spec 3 §5); `key` names the text field ('reason' on checks, 'note' on change marks).
 */
export function toAnswers<K extends 'reason' | 'note'>(
  answers: CheckAnswer[],
  asked: number,
  key: K,
): ({ ok: boolean } & Partial<Record<K, string>>)[] {
  type Answer = { ok: boolean } & Partial<Record<K, string>>;
  return answers.map((a, i): Answer => {
    if (i >= asked || a.ok) return { ok: true } as Answer;
    const text = a.reason.trim();
    return (text ? { ok: false, [key]: text } : { ok: false }) as Answer;
  });
}

/** The BADC checklist as the inspect action takes it. */
export function toChecklist(answers: CheckAnswer[], kind: string): { ok: boolean; reason?: string }[] {
  return toAnswers(answers, askedItems(kind), 'reason');
}

/** Where the officer should look first after a refused submit: the first item's reason box or its radios. */
export function focusFirstError(idPrefix: string, errors: Map<number, MessageKey>): boolean {
  const [index, key] = [...errors.entries()][0] ?? [];
  if (index === undefined) return false;
  const target =
    key === 'decisions.checklist.reasonRequired'
      ? document.getElementById(`${idPrefix}-${index}-reason`)
      : document.querySelector<HTMLInputElement>(`input[name="${idPrefix}-${index}"]`);
  target?.focus();
  return true;
}
