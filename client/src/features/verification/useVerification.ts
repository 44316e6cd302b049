import { useCallback, useEffect, useRef, useState } from 'react';
import type { StatusPanel } from '@portal/shared/schemas/citizen';
import type { VerificationPurpose } from '@portal/shared/constants';
import { api, ApiError } from '../../api/client';
import { forgetGrant, mayHaveGrant, rememberGrant } from './grantHint';

/** Seconds before "send the code again" is offered (the server also limits sends per number). */
export const RESEND_AFTER_SECONDS = 30;

export type VerificationStep =
  | { kind: 'checking' }
  | { kind: 'enter' }
  | { kind: 'code'; challengeId: string; applicationNumber: string; mobile: string; message: string; resent: boolean }
  | { kind: 'verified'; applicationId: string; applicationNumber: number; justNow: boolean; panel?: StatusPanel };

type SendAnswer = { challengeId: string; expiresInSeconds: number; message: string };
type ConfirmAnswer = { applicationId: string; applicationNumber: number; purpose: number; expiresInSeconds: number };

/** The change, amendment and consent services write, so they need a grant given for themselves. */
const needsOwnGrant = (purpose: VerificationPurpose) => purpose >= 2 && purpose <= 5;

const asApiError = (e: unknown) => (e instanceof ApiError ? e : new ApiError(0, 'NETWORK', '', ''));

/**
 * The verification states of spec 1 §4: not verified → code sent → code entered → verified.
 * A wrong code keeps the code step; resend asks for a new code; cancel starts over (and ends any
 * grant on the server). A grant already held by this browser (an HttpOnly cookie the page cannot
 * read) is found by asking for the status panel: then the person goes straight to the panel.
 */
export function useVerification(purpose: VerificationPurpose) {
  // With no grant on this phone, the number form is drawn at once; the server is still asked, in
  // case the phone forgot a grant it holds.
  const [step, setStep] = useState<VerificationStep>(() => (mayHaveGrant() ? { kind: 'checking' } : { kind: 'enter' }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [resendIn, setResendIn] = useState(0);
  const [otherPurpose, setOtherPurpose] = useState(false);
  const lastAction = useRef<(() => Promise<void>) | null>(null);

  useEffect(() => {
    let live = true;
    api<StatusPanel>('/api/citizen/application')
      .then((panel) => {
        // A write needs the grant of its own service (decision 025): a grant for another one only
        // lets the status and licence panels (which any grant may read) open straight away.
        // Only while the person has not moved on: a code asked for meanwhile is not thrown away.
        const untouched = (s: VerificationStep) => s.kind === 'checking' || s.kind === 'enter';
        if (live && needsOwnGrant(purpose) && panel.grantPurpose !== purpose) {
          setOtherPurpose(true);
          setStep((s) => (untouched(s) ? { kind: 'enter' } : s));
        } else if (live) {
          setStep((s) =>
            untouched(s)
              ? {
                  kind: 'verified',
                  applicationId: panel.applicationId,
                  applicationNumber: panel.applicationNumber,
                  justNow: false,
                  panel,
                }
              : s,
          );
        }
      })
      .catch(() => live && setStep((s) => (s.kind === 'checking' ? { kind: 'enter' } : s)));
    return () => {
      live = false;
    };
  }, [purpose]);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  /** Runs one request with the busy flag; a failure is kept (with the action, for "try again"). */
  const run = useCallback(async (action: () => Promise<void>) => {
    lastAction.current = action;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  }, []);

  const send = useCallback(
    (applicationNumber: string, mobile: string, resent = false) =>
      run(async () => {
        const answer = await api<SendAnswer>('/api/verification/send', {
          method: 'POST',
          json: { applicationNumber, mobile, purpose },
        });
        setStep({
          kind: 'code',
          challengeId: answer.challengeId,
          applicationNumber,
          mobile,
          message: answer.message,
          resent,
        });
        setResendIn(RESEND_AFTER_SECONDS);
      }),
    [purpose, run],
  );

  const confirm = useCallback(
    (code: string) =>
      run(async () => {
        if (step.kind !== 'code') return;
        const answer = await api<ConfirmAnswer>('/api/verification/confirm', {
          method: 'POST',
          json: { challengeId: step.challengeId, code },
        });
        rememberGrant(answer.expiresInSeconds);
        setStep({
          kind: 'verified',
          applicationId: answer.applicationId,
          applicationNumber: answer.applicationNumber,
          justNow: true,
        });
      }),
    [run, step],
  );

  const resend = useCallback(() => {
    if (step.kind === 'code') void send(step.applicationNumber, step.mobile, true);
  }, [send, step]);

  /** Cancel, or "verify another application": forget the code and end the grant on the server too. */
  const reset = useCallback(() => {
    setError(null);
    setStep({ kind: 'enter' });
    setResendIn(0);
    lastAction.current = null;
    forgetGrant();
    api('/api/verification/grant', { method: 'DELETE' }).catch(() => undefined);
  }, []);

  /** The grant ran out while a panel was open: ask again, saying why. */
  const expired = useCallback((why: ApiError) => {
    forgetGrant();
    setStep({ kind: 'enter' });
    setError(why);
  }, []);

  const clearError = useCallback(() => setError(null), []);

  const retry = useCallback(() => {
    if (lastAction.current) void run(lastAction.current);
  }, [run]);

  return { step, busy, error, resendIn, otherPurpose, send, confirm, resend, reset, expired, retry, clearError };
}
