import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { toBanglaDigits, toLatinDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../../i18n/locale';
import { LicenceFactsCard, Notice, StatusBanner } from '../../features/licence-check/LicenceFactsCard';
import { differs, fetchLiveLicence, type LiveResult } from '../../features/licence-check/live-check';
import { fetchOfficeKey, keptCurrentKey, type OfficeKey } from '../../features/licence-check/office-key';
import { useSignedCheck } from '../../features/licence-check/use-signed-check';
import type { SignedFacts } from '../../features/licence-check/signed-licence';

/**
 * /licence-check (docs/decisions/024-signed-licence-qr.md): what a licence's QR code opens. The
 * signed facts in the link's fragment are checked in the browser against the office's published
 * key (kept on the device, so it works with no network after one visit); online, the licence's
 * status today comes from the portal, and a paper whose facts changed since is called outdated.
 * A paper that names its office is checked with that office's key and record, on any office's
 * site (docs/decisions/057-offices.md); the issuing office is named with the status.
 * Anyone may also type a licence number, and the key is shown for checks by other means.
 */
export default function LicenceCheck() {
  const t = useT();
  const { hash } = useLocation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 py-4">
      <header>
        <h1 className="text-2xl font-bold text-gray-900">{t('licenceCheck.title')}</h1>
        <p className="mt-1 text-gray-700">{t('licenceCheck.intro')}</p>
      </header>
      {hash.length > 1 && <ScannedLicence fragment={hash} />}
      <CheckByNumber />
      <PublishedKey />
    </div>
  );
}

function ScannedLicence({ fragment }: { fragment: string }) {
  const t = useT();
  const { verdict, live } = useSignedCheck(fragment);
  if (verdict.kind === 'checking') return <p role="status">{t('licenceCheck.checking')}</p>;
  if (verdict.kind === 'forged') {
    return (
      <Notice tone="bad" title={t('licenceCheck.forged.title')}>
        {t('licenceCheck.forged.body')}
      </Notice>
    );
  }
  const facts = verdict.facts;
  const offline = live?.kind === 'offline';
  return (
    <>
      {verdict.kind === 'valid' && (
        <Notice
          tone={offline ? 'warn' : 'good'}
          title={offline ? t('licenceCheck.offline') : t('licenceCheck.valid.title')}
        >
          {offline ? t('licenceCheck.offlineHint') : t('licenceCheck.valid.body')}
        </Notice>
      )}
      {verdict.kind === 'unknown-key' && (
        <Notice tone="warn" title={t('licenceCheck.unknownKey.title')}>
          {t('licenceCheck.unknownKey.body', { keyId: facts.keyId })}
        </Notice>
      )}
      {verdict.kind === 'no-key' && (
        <Notice tone="warn" title={t('licenceCheck.noKey.title')}>
          {t('licenceCheck.noKey.body')}
        </Notice>
      )}
      <LiveAnswer live={live} signed={facts} />
      <LicenceFactsCard title={t('licenceCheck.signedFacts')} facts={facts} />
    </>
  );
}

/** Today's status; for a scanned paper, also whether the paper still matches the record. */
function LiveAnswer({ live, signed }: { live: LiveResult | null; signed?: SignedFacts }) {
  const t = useT();
  const { locale } = useLocale();
  if (!live || live.kind === 'offline') return null;
  if (live.kind === 'not-found') return <Notice tone="bad" title={t('licenceCheck.notFound')} />;
  if (live.kind === 'error') return <Notice tone="warn" title={locale === 'bn' ? live.message : live.messageEn} />;
  const outdated = signed !== undefined && differs(signed, live.licence);
  const office = live.licence.office;
  const moved = live.licence.movedFrom;
  return (
    <>
      <StatusBanner status={live.licence.status} office={office && (locale === 'bn' ? office.nameBn : office.nameEn)} />
      {moved && office && (
        <Notice
          tone="warn"
          title={t('licenceCheck.moved', {
            fromOffice: locale === 'bn' ? moved.office.nameBn : moved.office.nameEn,
            fromNumber: locale === 'bn' ? toBanglaDigits(moved.number) : moved.number,
            office: locale === 'bn' ? office.nameBn : office.nameEn,
            number: locale === 'bn' ? toBanglaDigits(live.licence.number) : live.licence.number,
          })}
        />
      )}
      {outdated && <Notice tone="warn" title={t('licenceCheck.outdated')} />}
      {(outdated || !signed) && <LicenceFactsCard title={t('licenceCheck.liveFacts')} facts={live.licence} />}
    </>
  );
}

function CheckByNumber() {
  const t = useT();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState<LiveResult | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Bangla or English digits, as printed on the certificate.
    const digits = toLatinDigits(value.trim());
    if (!/^\d{1,9}$/.test(digits) || Number(digits) < 1) {
      setInvalid(true);
      setLive(null);
      return;
    }
    setInvalid(false);
    setBusy(true);
    const result = await fetchLiveLicence(Number(digits));
    setBusy(false);
    setLive(result);
  };
  return (
    <section className="flex flex-col gap-3 rounded border border-gray-300 bg-gray-50 p-4">
      <h2 className="text-base font-semibold text-gray-900">{t('licenceCheck.byNumber.title')}</h2>
      <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2" noValidate>
        <label className="flex flex-col text-sm text-gray-700">
          {t('licenceCheck.byNumber.label')}
          <input
            value={value}
            onChange={(e) => setValue(e.target.value)}
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={invalid}
            aria-describedby={invalid ? 'licence-number-error' : undefined}
            className="mt-1 min-h-11 w-40 rounded border border-gray-400 px-3 text-base text-gray-900"
          />
        </label>
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded bg-brand-700 px-5 font-semibold text-white disabled:opacity-60"
        >
          {t('licenceCheck.byNumber.submit')}
        </button>
      </form>
      {invalid && (
        <p id="licence-number-error" role="alert" className="text-sm text-red-700">
          {t('licenceCheck.byNumber.invalid')}
        </p>
      )}
      {live?.kind === 'offline' && <Notice tone="warn" title={t('licenceCheck.byNumber.offline')} />}
      <LiveAnswer live={live} />
    </section>
  );
}

/** The office's public key, for people who check by other means. */
function PublishedKey() {
  const t = useT();
  const [key, setKey] = useState<OfficeKey | null>(() => keptCurrentKey());
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    fetchOfficeKey().then(setKey, () => setOffline(true));
  }, []);
  return (
    <section className="rounded border border-gray-300 bg-white p-4 text-sm">
      <h2 className="mb-1 text-base font-semibold text-gray-900">{t('licenceCheck.key.title')}</h2>
      <p className="mb-2 text-gray-700">{t('licenceCheck.key.body')}</p>
      {key ? (
        <dl>
          <dt className="text-gray-600">{t('licenceCheck.key.id')}</dt>
          <dd className="mb-1 font-mono" data-testid="key-id">
            {key.keyId}
          </dd>
          <dt className="text-gray-600">Ed25519</dt>
          <dd className="font-mono break-all" data-testid="public-key">
            {key.publicKey}
          </dd>
        </dl>
      ) : (
        offline && <p className="text-amber-800">{t('licenceCheck.key.unavailable')}</p>
      )}
    </section>
  );
}
