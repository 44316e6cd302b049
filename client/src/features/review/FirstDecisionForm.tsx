import { useState, type FormEvent } from 'react';
import { MAX_FILE_BYTES } from '@portal/shared/constants';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { useLocale, useT } from '../../i18n/locale';
import { uploadOfficerFile } from './api';
import { FilePicker, uploadErrorText } from './OfficerFileUpload';
import { useDecision } from './useDecision';
import { DecisionChoice } from './DecisionChoice';
import { buttonPrimary, FormError, Section } from './ui';

/**
 * First-stage decision (spec 3 §4): Approvable yes/no (required), a reason on no, and an optional
 * inspection report that is uploaded first (a decision may be submitted without a report).
 */
export function FirstDecisionForm({
  detail,
  onDetail,
  locked,
  onDecided,
}: {
  detail: ApplicationDetail;
  onDetail: (d: ApplicationDetail) => void;
  locked: boolean;
  onDecided: (queued: boolean) => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const { run, busy, error } = useDecision(detail, onDetail);
  const [approvable, setApprovable] = useState<boolean | null>(null);
  const [reason, setReason] = useState('');
  const [report, setReport] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [choiceError, setChoiceError] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setUploadError(null);
    if (approvable === null) {
      setChoiceError(true);
      document.querySelector<HTMLInputElement>('input[name="first-approvable"]')?.focus();
      return;
    }
    if (report && report.size > MAX_FILE_BYTES) return;
    if (report) {
      // The report goes first, so the decision is never recorded as "with report" without its file.
      setUploading(true);
      try {
        await uploadOfficerFile(detail.id, 'inspectionReport', report);
      } catch (err) {
        setUploadError(
          `${t('decisions.upload.fail')} ${uploadErrorText(err, t, locale)} ${t('decisions.first.reportNeedsConnection')}`,
        );
        return;
      } finally {
        setUploading(false);
      }
    }
    const result = await run(
      'decideFirst',
      { approvable, reason: approvable ? undefined : reason.trim() || undefined },
      {
        success: 'decisions.first.success',
        fail: 'decisions.first.fail',
      },
    );
    if (result && (result.outcome.kind === 'done' || result.outcome.kind === 'queued'))
      onDecided(result.outcome.kind === 'queued');
  };

  const off = busy || uploading || locked;
  return (
    <Section title={t('decisions.first.title')} id="first-title">
      <form noValidate onSubmit={submit}>
        <DecisionChoice
          name="first-approvable"
          legend={t('decisions.first.question')}
          value={approvable}
          onChange={(v) => {
            setApprovable(v);
            setChoiceError(false);
          }}
          yesLabel={t('decisions.first.yes')}
          noLabel={t('decisions.first.no')}
          missing={choiceError}
          disabled={off}
          reason={{ id: 'first-reason', label: t('decisions.first.reason'), value: reason, onChange: setReason }}
        />
        <div className="mt-3">
          <FilePicker
            id="first-report"
            label={t('decisions.first.report')}
            file={report}
            onChange={setReport}
            error={uploadError}
            disabled={off}
          />
        </div>
        {uploading && (
          <p role="status" className="mt-2 text-amber-800">
            {t('decisions.upload.uploading')}
          </p>
        )}
        <FormError message={error} />
        <button type="submit" disabled={off} className={`${buttonPrimary} mt-3`}>
          {busy || uploading ? t('decisions.sending') : t('decisions.first.submit')}
        </button>
      </form>
    </Section>
  );
}
