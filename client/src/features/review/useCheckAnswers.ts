import { useState } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import { checkErrors, emptyAnswers, type CheckAnswer } from './checklist';

/**
 * The state of an item-by-item yes/no list (the BADC checklist, the renewal checks, the change
 * marks): the answers, and their errors once the officer has tried to send, kept up to date as
 * they answer. `asked`: how many of the `size` items are asked (the rest go as yes).
 */
export function useCheckAnswers(size: number, asked: number, reasonOnNo: 'required' | 'optional') {
  const [answers, setAnswers] = useState<CheckAnswer[]>(() => emptyAnswers(size));
  const [errors, setErrors] = useState<Map<number, MessageKey>>(new Map());
  const [tried, setTried] = useState(false);

  const update = (i: number, patch: Partial<CheckAnswer>) => {
    const next = answers.map((a, j) => (j === i ? { ...a, ...patch } : a));
    setAnswers(next);
    if (tried) setErrors(checkErrors(next, asked, reasonOnNo));
  };
  /** On submit: from now on errors show; answers the errors of the answers as they are. */
  const validate = () => {
    setTried(true);
    const found = checkErrors(answers, asked, reasonOnNo);
    setErrors(found);
    return found;
  };
  return { answers, errors, tried, update, validate };
}
