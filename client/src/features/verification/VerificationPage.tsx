import { useEffect } from 'react';
import type { VerificationPurpose } from '@portal/shared/constants';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../../i18n/locale';
import { CodeForm } from './CodeForm';
import { NumberForm } from './NumberForm';
import { ProblemNotice } from './ProblemNotice';
import { PurposePanel } from './PurposePanel';
import { purposeNextStep, purposeTitle } from './purposes';
import { useVerification } from './useVerification';

/**
 * /verification/{1..6} and /my-application (spec 1 §2, §4): prove the mobile number with a
 * one-time code, then see the panel for the purpose. Phone width first.
 */
export function VerificationPage({ purpose }: { purpose: VerificationPurpose }) {
  const t = useT();
  const { locale } = useLocale();
  const flow = useVerification(purpose);
  const { step, error } = flow;
  const title = t(purposeTitle(purpose));

  useEffect(() => {
    document.title = title;
  }, [title]);

  const codeProblem = error && (error.code === 'OTP_EXPIRED' || error.code === 'OTP_LOCKED');

  return (
    <div className="mx-auto max-w-md">
      <h1 className="mb-3 text-2xl font-bold text-brand-900">{title}</h1>

      {step.kind === 'checking' && (
        <p role="status" className="p-4 text-center text-gray-600">
          {t('common.loading')}
        </p>
      )}

      {(step.kind === 'enter' || step.kind === 'code') && (
        <>
          {/* What to do, not a warning: nothing has gone wrong before anything is typed. */}
          <p className="mb-3 text-gray-800">{t('verification.mustVerify')}</p>
          {flow.otherPurpose && !error && (
            <p role="status" className="mb-3 rounded border border-sky-300 bg-sky-50 p-3 text-sky-900">
              {t('verification.otherPurpose')}
            </p>
          )}
          {error?.code === 'VERIFICATION_REQUIRED' && (
            <p role="alert" className="mb-3 rounded border border-red-300 bg-red-50 p-3 text-red-900">
              {t('verification.expiredGrant')}
            </p>
          )}
          {error && !['VALIDATION', 'OTP_WRONG', 'VERIFICATION_REQUIRED'].includes(error.code) && (
            <ProblemNotice error={error} onRetry={flow.retry}>
              {codeProblem && (
                <button
                  type="button"
                  onClick={flow.resend}
                  disabled={flow.busy}
                  className="min-h-11 rounded bg-brand-700 px-4 font-bold text-white"
                >
                  {t('verification.newCode')}
                </button>
              )}
            </ProblemNotice>
          )}
        </>
      )}

      {step.kind === 'enter' && (
        <div className="rounded border border-gray-200 bg-white p-4">
          <p className="mb-4 text-gray-700">{t('verification.intro')}</p>
          <NumberForm
            busy={flow.busy}
            serverFields={error?.code === 'VALIDATION' ? error.body?.fields : undefined}
            onSend={(n, m) => void flow.send(n, m)}
            onInvalid={flow.clearError}
          />
        </div>
      )}

      {step.kind === 'code' && (
        <div className="rounded border border-gray-200 bg-white p-4">
          <CodeForm
            key={step.challengeId}
            busy={flow.busy}
            sentTo={step}
            message={step.message}
            resent={step.resent}
            resendIn={flow.resendIn}
            serverError={
              error && (error.code === 'OTP_WRONG' || error.code === 'VALIDATION')
                ? (error.body?.fields?.code ?? (locale === 'en' ? error.messageEn : error.messageBn))
                : undefined
            }
            onConfirm={(code) => void flow.confirm(code)}
            onResend={flow.resend}
            onCancel={flow.reset}
          />
        </div>
      )}

      {step.kind === 'verified' && (
        <>
          <div role="status" className="mb-4 rounded border border-brand-600 bg-brand-50 p-3 text-brand-900">
            {step.justNow ? (
              <p>
                <strong>{t('verification.success')}</strong> {t(purposeNextStep(purpose))}
              </p>
            ) : (
              <p>
                {t('verification.alreadyVerified', {
                  number: locale === 'bn' ? toBanglaDigits(step.applicationNumber) : step.applicationNumber,
                })}
              </p>
            )}
            <button type="button" onClick={flow.reset} className="mt-2 min-h-11 text-brand-800 underline">
              {t('verification.other')}
            </button>
          </div>
          <PurposePanel
            purpose={purpose}
            applicationId={step.applicationId}
            initial={step.panel}
            onGrantExpired={flow.expired}
          />
        </>
      )}
    </div>
  );
}
