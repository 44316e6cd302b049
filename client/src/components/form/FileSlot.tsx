import { useEffect, useState } from 'react';
import { ACCEPT_ATTRIBUTE, ACCEPT_IMAGE_ATTRIBUTE } from '@portal/shared/constants';
import { useLocale, useT } from '../../i18n/locale';
import { formatBytes } from '../../i18n/sizes';

/** A picked file as the form keeps it (a File, or a Blob with a name restored from the draft). */
export type PickedFile = Blob & { name: string };

/**
 * One document slot (spec 1 §3 image1..image6): what it is, what it accepts, the chosen file with
 * a thumbnail for images, and the Bangla reason when it cannot be accepted.
 */
export function FileSlot({
  name,
  label,
  imageOnly,
  required,
  file,
  error,
  onFile,
}: {
  name: string;
  label: string;
  imageOnly: boolean;
  required?: boolean;
  file: PickedFile | null;
  error?: string;
  onFile: (file: PickedFile | null) => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const id = `file-${name}`;
  const preview = usePreview(file);
  return (
    <div className={`mb-4 rounded border p-3 ${error ? 'border-red-600 bg-red-50' : 'border-gray-300 bg-white'}`}>
      <p id={`${id}-label`} className="font-semibold text-gray-800">
        {label}
        {required && <span className="ms-1 text-red-700">*</span>}
      </p>
      <p className="text-sm text-gray-600">
        {t(imageOnly ? 'application.file.imageHint' : 'application.file.anyHint')}
      </p>
      {file && (
        <div className="mt-2 flex items-center gap-3">
          {preview ? (
            <img src={preview} alt="" className="size-14 rounded border object-cover" />
          ) : (
            <span className="flex size-14 items-center justify-center rounded border bg-gray-100 text-sm font-bold text-gray-600">
              PDF
            </span>
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm text-gray-900">{file.name}</p>
            <p className="text-xs text-gray-600">{formatBytes(file.size, locale)}</p>
          </div>
          <button
            type="button"
            onClick={() => onFile(null)}
            className="min-h-10 rounded px-2 text-sm text-red-700 underline"
          >
            {t('application.file.remove')}
          </button>
        </div>
      )}
      <label
        htmlFor={id}
        className="mt-2 inline-flex min-h-11 cursor-pointer items-center rounded border border-brand-700 bg-brand-50 px-4 font-semibold text-brand-800 focus-within:outline-2 focus-within:outline-brand-600"
      >
        {file ? t('application.file.change') : t('application.file.choose')}
        <input
          id={id}
          name={name}
          type="file"
          className="sr-only"
          accept={imageOnly ? ACCEPT_IMAGE_ATTRIBUTE : ACCEPT_ATTRIBUTE}
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            e.target.value = '';
            if (picked) onFile(picked);
          }}
        />
      </label>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm font-semibold text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function usePreview(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/')) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}
