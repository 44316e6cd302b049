import { useState } from 'react';
import { isImageOnlySlot } from '@portal/shared/kinds/slots';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { CitizenFormFile } from '@portal/shared/schemas/citizen-form';
import { FileSlot, type PickedFile } from '../../components/form/FileSlot';
import { checkFile } from '../../components/form/fileRules';
import { useT } from '../../i18n/locale';

/**
 * One document of the application with BADC's answer (spec 1 §4 "Recheck"): a document marked No
 * shows the officer's note and a replace control; the others are listed with their answer only,
 * since the server refuses to replace them.
 */
export function DocumentReplace({
  doc,
  onSend,
}: {
  doc: CitizenFormFile;
  /** Sends the file; resolves to the Bangla reason it was refused, or null. */
  onSend: (slot: string, file: PickedFile) => Promise<string | null>;
}) {
  const t = useT();
  const [file, setFile] = useState<PickedFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const label = t(`decisions.file.${doc.slot}` as MessageKey);
  const imageOnly = isImageOnlySlot(doc.slot);

  if (doc.ok !== false) {
    return (
      <li className="flex items-center justify-between gap-3 py-2">
        <span>{label}</span>
        <span className={doc.ok ? 'text-brand-800' : 'text-gray-500'}>
          {doc.ok ? `✓ ${t('verification.amend.fileOk')}` : t('verification.amend.fileUnchecked')}
        </span>
      </li>
    );
  }

  const send = async () => {
    if (!file) return;
    setBusy(true);
    const refused = await onSend(doc.slot, file);
    setBusy(false);
    setError(refused);
    if (!refused) {
      setFile(null);
      setSent(true);
    }
  };

  return (
    <li className="py-3">
      <p className="mb-1 font-semibold text-red-800">
        {label}: {t('verification.amend.fileNo')}
      </p>
      {doc.note && (
        <p className="mb-2 rounded bg-amber-50 p-2 text-amber-900">
          {t('verification.amend.officerNote')}: <span className="whitespace-pre-line">{doc.note}</span>
        </p>
      )}
      {sent && (
        <p role="status" className="mb-2 font-semibold text-brand-800">
          ✓ {t('verification.amend.replaced')}
        </p>
      )}
      <FileSlot
        name={`amend-${doc.slot}`}
        label={label}
        imageOnly={imageOnly}
        file={file}
        error={error ?? undefined}
        onFile={(f) => {
          const problem = f && checkFile(f, imageOnly);
          setFile(problem ? null : f);
          setError(problem ? t(problem.key, problem.params) : null);
          setSent(false);
        }}
      />
      {file && (
        <button
          type="button"
          onClick={() => void send()}
          disabled={busy}
          className="min-h-11 w-full rounded bg-brand-700 px-4 font-bold text-white disabled:opacity-60"
        >
          {busy ? t('verification.amend.uploading') : t('verification.amend.upload')}
        </button>
      )}
    </li>
  );
}
