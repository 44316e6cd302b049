import { useRef, useState, type FormEvent } from 'react';
import { ACCEPT_ATTRIBUTE, MAX_FILE_BYTES } from '@portal/shared/constants';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { OfficerFileSlot } from '@portal/shared/schemas/files';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { ApiError } from '../../api/client';
import { useToast } from '../../components/Toast';
import { useLocale, useT } from '../../i18n/locale';
import { fetchDetail, FileTooLargeError, uploadOfficerFile } from './api';
import { localDigits } from './format';
import { buttonPrimary, FieldError, FormError, Section, textLink, textTarget } from './ui';

/** A file input that states the accepted formats and the real size limit (spec 3 §5; spec README defect 7). */
export function FilePicker({
  id,
  label,
  file,
  onChange,
  error,
  disabled,
}: {
  id: string;
  label: string;
  file: File | null;
  onChange: (f: File | null) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const t = useT();
  const { locale } = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const tooLarge =
    file && file.size > MAX_FILE_BYTES ? t('v.fileTooLarge', { size: localDigits(file.size, locale) }) : null;
  const message = tooLarge ?? error;
  return (
    <div>
      <label htmlFor={id} className="font-bold">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        {t('decisions.upload.formats')}
      </p>
      {/* The browser's own button speaks the device language; this one speaks Bangla (spec README "Bangla first"). */}
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          aria-invalid={!!message || undefined}
          aria-describedby={`${id}-hint ${id}-name${message ? ` ${id}-error` : ''}`}
          disabled={disabled}
          className="peer sr-only"
        />
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={disabled}
          aria-hidden="true"
          tabIndex={-1}
          className="min-h-11 rounded border border-gray-400 bg-white px-3 hover:bg-gray-100 disabled:opacity-50 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600"
        >
          {t('decisions.file.choose')}
        </button>
        <span id={`${id}-name`} className="min-w-0 break-all text-sm text-gray-700">
          {file ? file.name : t('decisions.file.noneChosen')}
        </span>
      </div>
      {file && (
        <button
          type="button"
          disabled={disabled}
          onClick={() => {
            if (input.current) input.current.value = '';
            onChange(null);
          }}
          className={`${textTarget} mt-1 text-sm text-red-700 underline`}
        >
          {t('decisions.upload.clear')}
        </button>
      )}
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
}

/** Why an upload failed, in Bangla, with the real limit when it was the size. */
export function uploadErrorText(e: unknown, t: ReturnType<typeof useT>, locale: 'bn' | 'en'): string {
  if (e instanceof FileTooLargeError) return t('v.fileTooLarge', { size: localDigits(e.size, locale) });
  if (e instanceof ApiError) return e.messageBn || t('common.networkError');
  return t('common.networkError');
}

const TITLES: Record<OfficerFileSlot, MessageKey> = {
  inspectionReport: 'decisions.report.title',
  bankSlip: 'decisions.bankSlip.title',
  managerConsent: 'decisions.consent.title',
};

/**
 * Report update, bank slip and manager consent (spec 3 §2 final view): the file is required
 * before uploading; while it travels a wait message shows and the button is disabled (spec 3 §5).
 * Files need a connection; they are not queued (an officer uploads them at the office).
 */
export function OfficerFileUpload({
  detail,
  slot,
  onUploaded,
  disabled,
}: {
  detail: ApplicationDetail;
  slot: OfficerFileSlot;
  onUploaded: (d: ApplicationDetail) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const { locale } = useLocale();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = detail.files.find((f) => f.slot === slot);
  const id = `upload-${slot}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!file) {
      setFieldError(t('decisions.upload.required'));
      document.getElementById(id)?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await uploadOfficerFile(detail.id, slot, file);
      toast.success(t('decisions.upload.success', { slot: t(`decisions.file.${slot}`) }));
      setFile(null);
      (document.getElementById(id) as HTMLInputElement | null)?.form?.reset();
      const fresh = await fetchDetail(detail.id).catch(() => null);
      if (fresh) onUploaded(fresh);
    } catch (err) {
      const message = `${t('decisions.upload.fail')} ${uploadErrorText(err, t, locale)}`;
      setError(message);
      toast.failure(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={t(TITLES[slot])} id={`${id}-title`}>
      {current && (
        <p className="mb-2">
          {t('decisions.upload.current')}:{' '}
          <a href={current.url} target="_blank" rel="noopener noreferrer" className={textLink}>
            {t(`decisions.file.${slot}`)}
          </a>
        </p>
      )}
      <form noValidate onSubmit={submit}>
        <FilePicker
          id={id}
          label={t(`decisions.file.${slot}`)}
          file={file}
          onChange={(f) => {
            setFile(f);
            setFieldError(null);
          }}
          error={fieldError}
          disabled={busy || disabled}
        />
        {busy && (
          <p role="status" className="mt-2 text-amber-800">
            {t('decisions.upload.uploading')}
          </p>
        )}
        <FormError message={error} />
        <button
          type="submit"
          disabled={busy || disabled || (!!file && file.size > MAX_FILE_BYTES)}
          className={`${buttonPrimary} mt-3`}
        >
          {busy ? t('decisions.upload.uploading') : t('decisions.upload.submit')}
        </button>
      </form>
    </Section>
  );
}
