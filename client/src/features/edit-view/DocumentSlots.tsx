import { useState } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { EditSlot, EditView } from '@portal/shared/schemas/register-edit';
import { ApiError } from '../../api/client';
import { FileSlot, type PickedFile } from '../../components/form/FileSlot';
import { checkFile } from '../../components/form/fileRules';
import { useToast } from '../../components/Toast';
import { useLocale, useT } from '../../i18n/locale';
import { localDigits } from '../review/format';
import { buttonPrimary, Section } from '../review/ui';
import { uploadDocument } from './api';

/**
 * Spec 2 "per-document replacement forms": each document of the kind with the file it holds now,
 * a new one to choose (checked on the phone as the citizen's form checks it), its upload with
 * progress, and the result. The server checks the bytes again and keeps the replaced file.
 */
export function DocumentSlots({ view, onView }: { view: EditView; onView: (v: EditView) => void }) {
  const t = useT();
  if (view.slots.length === 0) return null;
  return (
    <Section title={t('registerEdit.files.title')} id="edit-files-title">
      <ul className="divide-y divide-gray-200">
        {view.slots.map((s) => (
          <SlotRow key={s.slot} applicationId={view.id} slot={s} onView={onView} />
        ))}
      </ul>
    </Section>
  );
}

function SlotRow({
  applicationId,
  slot,
  onView,
}: {
  applicationId: string;
  slot: EditSlot;
  onView: (v: EditView) => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const toast = useToast();
  const [file, setFile] = useState<PickedFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const label = t(`decisions.file.${slot.slot}` as MessageKey);

  const upload = async () => {
    if (!file) return;
    setError(null);
    setDone(false);
    setProgress(0);
    try {
      const next = await uploadDocument(applicationId, slot.slot, file, setProgress);
      setFile(null);
      setDone(true);
      toast.success(t('registerEdit.files.replaced', { slot: label }));
      onView(next);
    } catch (err) {
      const message = t('registerEdit.files.failed', {
        slot: label,
        message: err instanceof ApiError ? err.messageBn : t('common.networkError'),
      });
      setError(message);
    } finally {
      setProgress(null);
    }
  };

  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <li className="py-3">
      <p className="font-semibold text-gray-900">{label}</p>
      <p className="mb-2 text-sm text-gray-700">
        {t('registerEdit.files.current')}:{' '}
        {slot.file ? (
          <a href={slot.file.url} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
            {slot.file.originalName ?? t('registerEdit.files.open')}
          </a>
        ) : (
          t('registerEdit.files.none')
        )}
      </p>
      {done && (
        <p role="status" className="mb-2 font-semibold text-brand-800">
          ✓ {t('registerEdit.files.replaced', { slot: label })}
        </p>
      )}
      <FileSlot
        name={`edit-${slot.slot}`}
        label={label}
        imageOnly={slot.imageOnly}
        file={file}
        error={error ?? undefined}
        onFile={(f) => {
          // A file the server would refuse is not kept: the reason shows at once (spec 1 §5).
          const problem = f && checkFile(f, slot.imageOnly);
          setFile(problem ? null : f);
          setError(problem ? t(problem.key, problem.params) : null);
          setDone(false);
        }}
      />
      {percent !== null && (
        <div role="status" className="mb-2">
          <progress max={100} value={percent} className="w-full" aria-label={label} />
          <span className="text-sm">{t('registerEdit.files.progress', { percent: localDigits(percent, locale) })}</span>
        </div>
      )}
      {file && (
        <button type="button" onClick={() => void upload()} disabled={percent !== null} className={buttonPrimary}>
          {t('registerEdit.files.upload')}
        </button>
      )}
    </li>
  );
}
