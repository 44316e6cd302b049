import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { toLatinDigits } from '@portal/shared/i18n/digits';
import type { BoundaryMovePreview, BoundaryMoveResult, BoundaryMoveUnions } from '@portal/shared/schemas/boundary-move';
import { useLocale, useT } from '../../../i18n/locale';
import { useConfirm } from '../../../components/useConfirm';
import { staffApi } from '../../../features/staff/staffApi';
import { useFormat } from '../../../features/staff/format';
import { useSubmit } from '../../../features/staff/useSubmit';
import { SelectField } from '../../../features/staff/SelectField';
import { ui } from '../../../features/staff/ui';
import { FormError } from '../../../features/staff/FormError';
import { newId } from '../../../offline/ids';
import { nameIn } from './names';

/**
 * Moving licences and their wells to a new upazila's office (issue 22 "Boundaries change",
 * docs/decisions/057-offices.md), the national administrator's only: choose the two offices, the
 * unions of the old one or licence numbers, see what would move, confirm, and read each old number
 * beside its new one. The request's key is made once per preview, so a retry after a lost answer
 * finds the same move rather than making another.
 */
interface OfficeRow {
  id: number;
  nameBn: string;
  nameEn: string;
  open: boolean;
}

/** Typed numbers, in either script, separated by commas or spaces; null when one is not a number. */
function parseNumbers(text: string): number[] | null {
  const parts = toLatinDigits(text)
    .split(/[\s,،;]+/)
    .filter(Boolean);
  if (parts.length === 0 || parts.some((p) => !/^\d{1,15}$/.test(p))) return null;
  return [...new Set(parts.map(Number))];
}

export default function BoundaryMove() {
  const t = useT();
  const f = useFormat();
  const { locale } = useLocale();
  const { confirm, dialog } = useConfirm();
  const [offices, setOffices] = useState<OfficeRow[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [by, setBy] = useState<'unions' | 'numbers'>('unions');
  const [unions, setUnions] = useState<BoundaryMoveUnions['unions'] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [numbers, setNumbers] = useState('');
  const [preview, setPreview] = useState<BoundaryMovePreview | null>(null);
  const [moveKey, setMoveKey] = useState<string | null>(null);
  const [done, setDone] = useState<BoundaryMoveResult | null>(null);
  const { busy, error, fields, setError, setFields, submit } = useSubmit();
  const name = useCallback((o: { nameBn: string; nameEn: string }) => nameIn(locale, o), [locale]);

  useEffect(() => {
    staffApi<{ offices: OfficeRow[] }>('/api/national/offices')
      .then((r) => setOffices(r.offices.filter((o) => o.open)))
      .catch((err: unknown) => setLoadError(f.error(err)));
  }, [f]);

  useEffect(() => {
    setUnions(null);
    setChosen([]);
    if (!from) return;
    staffApi<BoundaryMoveUnions>(`/api/national/boundary-moves/unions?officeId=${from}`)
      .then((r) => setUnions(r.unions))
      .catch((err: unknown) => setLoadError(f.error(err)));
  }, [from, f]);

  /** Any change to the choice makes the preview stale: it must be seen again before moving. */
  const changed = () => {
    setPreview(null);
    setMoveKey(null);
    setError(null);
  };

  const selection = () => {
    const base = { fromOfficeId: Number(from), toOfficeId: Number(to) };
    if (by === 'unions') return { ...base, unions: chosen };
    return { ...base, licenceNumbers: parseNumbers(numbers) ?? [] };
  };

  const seePreview = async (e: FormEvent) => {
    e.preventDefault();
    setFields({});
    setDone(null);
    await submit(async () => {
      setPreview(
        await staffApi<BoundaryMovePreview>('/api/national/boundary-moves/preview', {
          method: 'POST',
          json: selection(),
        }),
      );
      setMoveKey(newId());
    });
  };

  const move = async () => {
    if (!preview || !moveKey) return;
    const ok = await confirm({
      title: t('boundaryMove.confirmTitle'),
      description: t('boundaryMove.confirmBody', {
        count: f.num(preview.counts.licences),
        from: name(preview.from),
        to: name(preview.to),
      }),
      confirmLabel: t('boundaryMove.move'),
      cancelLabel: t('boundaryMove.cancel'),
      tone: 'danger',
    });
    if (!ok) return;
    await submit(async () => {
      const result = await staffApi<BoundaryMoveResult>('/api/national/boundary-moves', {
        method: 'POST',
        json: { ...selection(), moveKey },
      });
      setDone(result);
      setPreview(null);
      setMoveKey(null);
      setChosen([]);
      setNumbers('');
      setUnions(null);
      // The old office's unions are fewer now.
      staffApi<BoundaryMoveUnions>(`/api/national/boundary-moves/unions?officeId=${from}`)
        .then((r) => setUnions(r.unions))
        .catch(() => {});
    });
  };

  const officeSelect = (id: string, label: string, value: string, set: (v: string) => void, field: string) => (
    <SelectField
      id={id}
      label={label}
      value={value}
      onChange={(v) => {
        set(v);
        changed();
      }}
      choose={t('boundaryMove.chooseOffice')}
      options={(offices ?? []).map((o) => ({ value: o.id, label: name(o) }))}
      error={fields[field]}
    />
  );

  return (
    <div className="space-y-4">
      <form
        onSubmit={(e) => void seePreview(e)}
        className={`${ui.card} space-y-3`}
        noValidate
        aria-labelledby="boundary-move"
      >
        <h2 id="boundary-move" className="text-lg font-semibold">
          {t('boundaryMove.title')}
        </h2>
        <p className="text-sm text-gray-700">{t('boundaryMove.intro')}</p>
        {loadError && (
          <p role="alert" className={ui.alertError}>
            {t('boundaryMove.loadFailed')} {loadError}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          {officeSelect('move-from', t('boundaryMove.from'), from, setFrom, 'fromOfficeId')}
          {officeSelect('move-to', t('boundaryMove.to'), to, setTo, 'toOfficeId')}
        </div>
        <fieldset>
          <legend className={ui.label}>{t('boundaryMove.by')}</legend>
          <div className="flex flex-wrap gap-4">
            {(['unions', 'numbers'] as const).map((v) => (
              <label key={v} className="inline-flex min-h-10 items-center gap-2">
                <input
                  type="radio"
                  name="move-by"
                  value={v}
                  checked={by === v}
                  onChange={() => {
                    setBy(v);
                    changed();
                  }}
                />
                {t(v === 'unions' ? 'boundaryMove.byUnions' : 'boundaryMove.byNumbers')}
              </label>
            ))}
          </div>
        </fieldset>
        {by === 'unions' ? (
          <fieldset aria-describedby={fields.unions ? 'move-unions-error' : undefined}>
            <legend className={ui.label}>{t('boundaryMove.unions')}</legend>
            {unions && unions.length === 0 && <p>{t('boundaryMove.noUnions')}</p>}
            <div className="grid gap-1 sm:grid-cols-2">
              {(unions ?? []).map((u) => (
                <label key={u.name} className="inline-flex min-h-10 items-center gap-2">
                  <input
                    type="checkbox"
                    checked={chosen.includes(u.name)}
                    onChange={(e) => {
                      setChosen(e.target.checked ? [...chosen, u.name] : chosen.filter((c) => c !== u.name));
                      changed();
                    }}
                  />
                  {t('boundaryMove.unionLicences', { name: u.name, count: f.num(u.licences) })}
                </label>
              ))}
            </div>
            {fields.unions && (
              <p id="move-unions-error" className={ui.fieldError}>
                {fields.unions}
              </p>
            )}
          </fieldset>
        ) : (
          <div>
            <label htmlFor="move-numbers" className={ui.label}>
              {t('boundaryMove.numbers')}
            </label>
            <textarea
              id="move-numbers"
              className={ui.input}
              rows={3}
              inputMode="numeric"
              value={numbers}
              aria-invalid={fields.licenceNumbers ? true : undefined}
              aria-describedby={fields.licenceNumbers ? 'move-numbers-error' : undefined}
              onChange={(e) => {
                setNumbers(e.target.value);
                changed();
              }}
            />
            {fields.licenceNumbers && (
              <p id="move-numbers-error" className={ui.fieldError}>
                {fields.licenceNumbers}
              </p>
            )}
          </div>
        )}
        {error && !preview && (
          <p role="alert" className={ui.alertError}>
            {error}
          </p>
        )}
        <button type="submit" className={ui.secondary} disabled={busy}>
          {t('boundaryMove.preview')}
        </button>
      </form>

      {preview && (
        <section className={`${ui.card} space-y-3`} aria-labelledby="move-preview">
          <h2 id="move-preview" className="text-lg font-semibold">
            {t('boundaryMove.previewTitle')}
          </h2>
          <p>
            {t('boundaryMove.counts', {
              licences: f.num(preview.counts.licences),
              applications: f.num(preview.counts.applications),
              files: f.num(preview.counts.files),
              visits: f.num(preview.counts.visits),
              photos: f.num(preview.counts.photos),
            })}
          </p>
          <ul className="max-h-80 divide-y overflow-y-auto text-sm">
            {preview.licences.map((l) => (
              <li key={l.licenceNumber} className="py-1">
                {t('boundaryMove.licenceRow', {
                  number: f.num(l.licenceNumber),
                  holder: l.holderName,
                  village: l.village,
                  union: l.union,
                })}
              </li>
            ))}
          </ul>
          <FormError message={error} />
          <button type="button" className={ui.danger} disabled={busy} onClick={() => void move()}>
            {busy ? t('boundaryMove.moving') : t('boundaryMove.move')}
          </button>
        </section>
      )}

      {done && (
        <section role="status" className={`${ui.alertOk} space-y-2`} aria-labelledby="move-done">
          <h2 id="move-done" className="font-semibold">
            {t('boundaryMove.doneTitle')}
          </h2>
          <p>{t('boundaryMove.done', { count: f.num(done.counts.licences), to: name(done.to) })}</p>
          <ul className="max-h-80 overflow-y-auto text-sm">
            {done.licences.map((l) => (
              <li key={l.from}>{t('boundaryMove.doneRow', { from: f.num(l.from), to: f.num(l.to) })}</li>
            ))}
          </ul>
        </section>
      )}
      {dialog}
    </div>
  );
}
