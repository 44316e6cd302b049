import { Link } from 'react-router-dom';
import type { MessageKey } from '@portal/shared/i18n/index';
import { formatDateBn, formatDateEn } from '@portal/shared/i18n/dates';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import type { StatusPanel as Panel } from '@portal/shared/schemas/citizen';
import { printPathOf } from '../intake/kindForms';
import { useLocale, useT } from '../../i18n/locale';

type StepState = Panel['progress']['chairman'];

const STEP_STYLE: Record<StepState, { mark: string; className: string }> = {
  done: { mark: '✓', className: 'border-brand-600 bg-brand-600 text-white' },
  current: { mark: '●', className: 'border-amber-500 bg-amber-100 text-amber-800' },
  waiting: { mark: '', className: 'border-gray-300 bg-white text-gray-400' },
};

const LEVELS = ['chairman', 'uno', 'badc'] as const;

/**
 * "My application status" (spec 1 §2, purpose 1 and /my-application): the applicant, a link to
 * print the application, the progress at the Chairman, UNO and BADC, the overall stage in words,
 * the reasons when not approvable or declined, and a red notice with the note when the licence
 * was cancelled. A cancelled licence is the licence's own status (shared/src/workflow/licence.ts),
 * not a stage of the application.
 */
export function StatusPanel({ panel }: { panel: Panel }) {
  const t = useT();
  const { locale } = useLocale();
  const digits = (v: string | number) => (locale === 'bn' ? toBanglaDigits(v) : String(v));
  const date = (iso: string | null) => (locale === 'bn' ? formatDateBn(iso) : formatDateEn(iso));
  const refused = panel.stage === 'NotApprovable' || panel.stage === 'Decline';

  return (
    <section aria-labelledby="status-heading" className="space-y-4">
      <div className="rounded border border-gray-200 bg-white p-4">
        <h2 id="status-heading" className="text-xl font-bold text-gray-900">
          {panel.applicantName}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-gray-700">
          <dt>{t('verification.status.number')}</dt>
          <dd className="font-semibold">{digits(panel.applicationNumber)}</dd>
          {panel.submittedAt && (
            <>
              <dt>{t('verification.status.submitted')}</dt>
              <dd>{date(panel.submittedAt)}</dd>
            </>
          )}
        </dl>
      </div>

      {panel.intakeStatus === 'receiving' ? (
        <p role="status" className="rounded border border-amber-400 bg-amber-50 p-3 text-amber-900">
          {t('verification.status.receiving')}
        </p>
      ) : (
        <div className="rounded border border-brand-600/40 bg-brand-50 p-3 text-brand-900">
          <p>{t('verification.status.submittedNotice')}</p>
          <Link
            to={printPathOf(panel.kind, panel.applicationId)}
            className="mt-1 inline-flex min-h-11 items-center font-bold underline"
          >
            {t('verification.status.printLink')}
          </Link>
        </div>
      )}

      {panel.suspendNote !== null && (
        <div role="alert" className="rounded border-2 border-red-600 bg-red-50 p-3 text-red-900">
          <p className="font-bold">{t('verification.status.suspended')}</p>
          {panel.suspendNote && <p className="mt-1 whitespace-pre-line">{panel.suspendNote}</p>}
        </div>
      )}

      <div className="rounded border border-gray-200 bg-white p-4">
        <h3 className="mb-3 font-bold">{t('verification.status.progress')}</h3>
        <ol className="space-y-3">
          {LEVELS.map((level) => {
            const state = panel.progress[level];
            const style = STEP_STYLE[state];
            return (
              <li key={level} className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className={`flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${style.className}`}
                >
                  {style.mark}
                </span>
                <span className="flex-1">{t(`verification.status.level.${level}` as MessageKey)}</span>
                <span
                  className={
                    state === 'current'
                      ? 'font-semibold text-amber-800'
                      : state === 'done'
                        ? 'text-brand-800'
                        : 'text-gray-500'
                  }
                >
                  {t(`verification.status.step.${state}` as MessageKey)}
                </span>
              </li>
            );
          })}
        </ol>
        <p className="mt-4 border-t border-gray-200 pt-3">
          {t('verification.status.overall')}:{' '}
          <strong className={refused ? 'text-red-800' : panel.stage === 'Approved' ? 'text-brand-800' : ''}>
            {t(`verification.stage.${panel.stage}` as MessageKey)}
          </strong>
        </p>
        {/* The present stage's due date by the office's targets (docs/decisions/040-stage-deadlines.md). */}
        {panel.stageDue && (
          <p className={`mt-2 ${panel.stageDue.late ? 'text-amber-900' : 'text-gray-700'}`}>
            {t(panel.stageDue.late ? 'deadlines.citizen.late' : 'deadlines.citizen.due', {
              date: date(panel.stageDue.date),
            })}
          </p>
        )}
        {refused && panel.finalRemarks && (
          <p className="mt-2 rounded bg-red-50 p-2 text-red-900">
            {t('verification.status.reasons')}: <span className="whitespace-pre-line">{panel.finalRemarks}</span>
          </p>
        )}
      </div>

      {panel.recheck.requested && (
        <div className="rounded border border-amber-400 bg-amber-50 p-3 text-amber-900">
          <p className="font-bold">{t('verification.status.recheck')}</p>
          {panel.recheck.message && <p className="mt-1 whitespace-pre-line">{panel.recheck.message}</p>}
        </div>
      )}

      {panel.licence && (
        <div className="rounded border border-gray-200 bg-white p-4">
          <p>
            {t('verification.status.licence', {
              number: digits(panel.licence.licenceNumber),
              date: date(panel.licence.validTo),
            })}
          </p>
          <p className="mt-1">
            {t('verification.status.licenceStatus')}:{' '}
            <strong
              className={
                panel.licence.status === 'suspended' || panel.licence.status === 'expired'
                  ? 'text-red-800'
                  : 'text-brand-800'
              }
            >
              {t(`verification.licenceStatus.${panel.licence.status}` as MessageKey)}
            </strong>
          </p>
          {panel.licence.onlineAvailable && (
            <Link
              to={`/my-license/${panel.applicationId}`}
              className="mt-2 inline-flex min-h-11 items-center rounded bg-brand-700 px-4 font-bold text-white"
            >
              {t('verification.status.viewLicence')}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
