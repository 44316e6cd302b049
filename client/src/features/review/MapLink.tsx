import { useState } from 'react';
import { useLocale, useT } from '../../i18n/locale';
import { localDigits } from './format';
import { textLink } from './ui';

/** A Google Maps link built from the coordinates (spec 3 §2 "geo location ... maps link"). */
export function mapsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps?q=${latitude},${longitude}`;
}

/** Coordinates as text, a maps link, and a copyable field with a copy button (spec 3 §2 detail tables). */
export function MapLink({ latitude, longitude }: { latitude: number | null; longitude: number | null }) {
  const t = useT();
  const { locale } = useLocale();
  const [copied, setCopied] = useState<'ok' | 'fail' | null>(null);
  if (latitude === null || longitude === null) return <span className="text-gray-600">{t('decisions.geo.none')}</span>;
  const plain = `${latitude},${longitude}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(plain);
      setCopied('ok');
    } catch {
      setCopied('fail');
    }
  };
  return (
    <div className="space-y-2">
      <div>{localDigits(`${latitude}, ${longitude}`, locale)}</div>
      <div className="flex flex-wrap items-center gap-2">
        <input
          readOnly
          value={plain}
          aria-label={t('decisions.field.geo')}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full max-w-48 min-w-0 rounded border border-gray-300 bg-gray-50 px-2 py-1 font-mono text-sm"
        />
        <button
          type="button"
          onClick={copy}
          className="min-h-9 rounded border border-gray-400 bg-white px-3 text-sm hover:bg-gray-100"
        >
          {t('decisions.geo.copy')}
        </button>
        <a href={mapsUrl(latitude, longitude)} target="_blank" rel="noopener noreferrer" className={textLink}>
          {t('decisions.geo.openMap')}
        </a>
      </div>
      {copied && (
        <p role="status" className={copied === 'ok' ? 'text-sm text-brand-800' : 'text-sm text-red-700'}>
          {t(copied === 'ok' ? 'decisions.geo.copied' : 'decisions.geo.copyFail')}
        </p>
      )}
    </div>
  );
}
