import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { Me } from '@portal/shared/schemas/auth';
import { useLocale, useT } from '../../../i18n/locale';
import { showToast } from '../../../components/Toast';
import { staffApi } from '../../../features/staff/staffApi';
import { useFormat } from '../../../features/staff/format';
import { TextField } from '../../../features/staff/TextField';
import { SelectField } from '../../../features/staff/SelectField';
import { useSubmit } from '../../../features/staff/useSubmit';
import { ui } from '../../../features/staff/ui';
import { FormError } from '../../../features/staff/FormError';
import { nameIn } from './names';

/**
 * The offices view of the area screen (docs/decisions/057-offices.md, step 4): the offices of the
 * area with each one's figures and their sum; for the national administrator, opening an office,
 * renaming, readdressing, closing and reopening it, and appointing its Admin. The server decides
 * who may do what (AREA_PERMISSIONS); this view only hides what would be refused.
 */
interface Figures {
  applications: number;
  inReview: number;
  approved: number;
  declined: number;
  licencesInForce: number;
}
interface Area {
  id: number;
  nameBn: string;
  nameEn: string;
}
interface OfficeRow {
  id: number;
  code: string;
  nameBn: string;
  nameEn: string;
  host: string | null;
  url: string | null;
  district: Area | null;
  open: boolean;
  figures: Figures;
}
interface Overview {
  offices: OfficeRow[];
  totals: Figures;
}
interface Upazila {
  id: number;
  nameBn: string;
  nameEn: string;
  district: Area;
  officeId: number | null;
}

const FIGURES: (keyof Figures)[] = ['applications', 'inReview', 'approved', 'declined', 'licencesInForce'];

export default function AreaOffices({ me }: { me: Me }) {
  const t = useT();
  const f = useFormat();
  const manages = me.area!.role === 'NationalAdmin';
  const [overview, setOverview] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setOverview(await staffApi<Overview>('/api/national/offices'));
      setError(null);
    } catch (err) {
      setError(f.error(err));
    }
  }, [f]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <>
      {error && (
        <div role="alert" className={ui.alertError}>
          <p className="font-semibold">{t('offices.national.loadFailed')}</p>
          <p>{error}</p>
          <button type="button" className={`${ui.secondary} mt-2`} onClick={() => void load()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {!overview && !error && <p role="status">{t('offices.national.loading')}</p>}
      {overview && (
        <>
          <section aria-labelledby="totals" className={ui.card}>
            <h2 id="totals" className="font-semibold">
              {t('offices.national.totals')} ·{' '}
              {t('offices.national.officeCount', { count: f.num(overview.offices.length) })}
            </h2>
            <FigureList figures={overview.totals} />
          </section>
          {overview.offices.length === 0 && <p>{t('offices.national.none')}</p>}
          <ul className="space-y-3">
            {overview.offices.map((o) => (
              <li key={o.id}>
                <OfficeCard office={o} manages={manages} onChanged={() => void load()} />
              </li>
            ))}
          </ul>
          {manages && <OpenOffice onOpened={() => void load()} />}
        </>
      )}
    </>
  );
}

function FigureList({ figures }: { figures: Figures }) {
  const t = useT();
  const f = useFormat();
  return (
    <dl className="mt-2 grid grid-cols-3 gap-1 sm:grid-cols-5 sm:gap-2">
      {FIGURES.map((k) => (
        <div key={k} className="rounded bg-gray-50 px-2 py-1">
          <dt className="text-xs text-gray-700 sm:text-sm">{t(`offices.national.${k}` as MessageKey)}</dt>
          <dd className="text-lg font-bold">{f.num(figures[k])}</dd>
        </div>
      ))}
    </dl>
  );
}

function OfficeCard({ office, manages, onChanged }: { office: OfficeRow; manages: boolean; onChanged: () => void }) {
  const t = useT();
  const { locale } = useLocale();
  const [panel, setPanel] = useState<'edit' | 'appoint' | null>(null);
  const name = nameIn(locale, office);
  const district = office.district && nameIn(locale, office.district);
  return (
    <article className={ui.card} aria-labelledby={`office-${office.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`office-${office.id}`} className="text-lg font-semibold">
          {name}
          {district && <span className="font-normal text-gray-700"> · {district}</span>}
        </h2>
        <span
          className={`rounded px-2 text-sm ${office.open ? 'bg-brand-50 text-brand-900' : 'bg-gray-200 text-gray-800'}`}
        >
          {t(office.open ? 'offices.national.open' : 'offices.national.closed')}
        </span>
      </div>
      <p className="break-all text-sm">
        {office.url ? (
          <a className="text-brand-800 underline" href={office.url}>
            {office.host}
          </a>
        ) : (
          t('offices.national.noAddress')
        )}
      </p>
      <FigureList figures={office.figures} />
      {manages && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={ui.secondary} onClick={() => setPanel(panel === 'edit' ? null : 'edit')}>
            {t('offices.national.edit')}
          </button>
          <button
            type="button"
            className={ui.secondary}
            onClick={() => setPanel(panel === 'appoint' ? null : 'appoint')}
          >
            {t('offices.national.appoint')}
          </button>
          <OpenCloseButton office={office} name={name} onChanged={onChanged} />
        </div>
      )}
      {panel === 'edit' && (
        <EditOffice
          office={office}
          onDone={(changed) => {
            setPanel(null);
            if (changed) onChanged();
          }}
        />
      )}
      {panel === 'appoint' && <AppointAdmin officeId={office.id} />}
    </article>
  );
}

function OpenCloseButton({ office, name, onChanged }: { office: OfficeRow; name: string; onChanged: () => void }) {
  const t = useT();
  const f = useFormat();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (office.open && !window.confirm(t('offices.national.closeConfirm', { name }))) return;
    setBusy(true);
    try {
      await staffApi(`/api/national/offices/${office.id}`, { method: 'PATCH', json: { open: !office.open } });
      showToast('success', t('offices.national.saved'));
      onChanged();
    } catch (err) {
      showToast('failure', f.error(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={office.open ? ui.danger : ui.primary}
      disabled={busy}
      onClick={() => void toggle()}
    >
      {t(office.open ? 'offices.national.close' : 'offices.national.reopen')}
    </button>
  );
}

function EditOffice({ office, onDone }: { office: OfficeRow; onDone: (changed: boolean) => void }) {
  const t = useT();
  const [nameBn, setNameBn] = useState(office.nameBn);
  const [nameEn, setNameEn] = useState(office.nameEn);
  const [host, setHost] = useState(office.host ?? '');
  const { busy, error, fields, submit: send } = useSubmit();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await send(async () => {
      await staffApi(`/api/national/offices/${office.id}`, {
        method: 'PATCH',
        json: { nameBn, nameEn, host: host.trim() || null },
      });
      showToast('success', t('offices.national.saved'));
      onDone(true);
    });
  };
  const id = `office-${office.id}`;
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-3 space-y-3 border-t pt-3" noValidate>
      <TextField
        id={`${id}-bn`}
        label={t('offices.national.nameBn')}
        value={nameBn}
        onChange={setNameBn}
        error={fields.nameBn}
      />
      <TextField
        id={`${id}-en`}
        label={t('offices.national.nameEn')}
        value={nameEn}
        onChange={setNameEn}
        error={fields.nameEn}
        lang="en"
      />
      <HostField id={`${id}-host`} value={host} onChange={setHost} error={fields.host} />
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={ui.primary} disabled={busy}>
          {t('offices.national.save')}
        </button>
        <button type="button" className={ui.secondary} onClick={() => onDone(false)} disabled={busy}>
          {t('offices.national.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The office's own web address: the same field when opening an office and when editing one. */
function HostField(props: { id: string; value: string; onChange: (v: string) => void; error?: string }) {
  const t = useT();
  return (
    <TextField
      {...props}
      label={t('offices.national.host')}
      hint={t('offices.national.hostHint')}
      lang="en"
      inputMode="url"
      autoCapitalize="none"
    />
  );
}

function AppointAdmin({ officeId }: { officeId: number }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const { busy, error, fields, setFields, submit: send } = useSubmit();
  const [done, setDone] = useState<{ email: string; created: boolean; oneTimePassword: string | null } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await send(async () => {
      setDone(
        await staffApi(`/api/national/offices/${officeId}/admin`, {
          method: 'POST',
          json: { email, name: name.trim() || null },
        }),
      );
      setFields({});
    });
  };
  if (done) {
    return (
      <div role="status" className={`${ui.alertOk} mt-3 space-y-2`}>
        <p>
          {t(done.created ? 'offices.national.appointedNew' : 'offices.national.appointedExisting', {
            email: done.email,
          })}
        </p>
        {done.oneTimePassword && (
          <p>
            {t('offices.national.oneTimePassword')}{' '}
            <code className="select-all rounded bg-white px-2 py-1 font-mono text-lg" lang="en">
              {done.oneTimePassword}
            </code>
          </p>
        )}
      </div>
    );
  }
  const id = `appoint-${officeId}`;
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-3 space-y-3 border-t pt-3" noValidate>
      <TextField
        id={`${id}-email`}
        label={t('offices.national.adminEmail')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={setEmail}
        error={fields.email}
        lang="en"
      />
      <TextField id={`${id}-name`} label={t('offices.national.adminName')} value={name} onChange={setName} />
      <FormError message={error} />
      <button type="submit" className={ui.primary} disabled={busy}>
        {t('offices.national.appointSubmit')}
      </button>
    </form>
  );
}

function OpenOffice({ onOpened }: { onOpened: () => void }) {
  const t = useT();
  const f = useFormat();
  const { locale } = useLocale();
  const [upazilas, setUpazilas] = useState<Upazila[] | null>(null);
  const [district, setDistrict] = useState('');
  const [upazila, setUpazila] = useState('');
  const [host, setHost] = useState('');
  const { busy, error, fields, setError, setFields, submit: send } = useSubmit();
  useEffect(() => {
    staffApi<{ upazilas: Upazila[] }>('/api/national/upazilas')
      .then((r) => setUpazilas(r.upazilas))
      .catch((err: unknown) => setError(f.error(err)));
  }, [f, setError]);
  const label = useCallback((a: Area) => nameIn(locale, a), [locale]);
  const districts = useMemo(() => {
    const byId = new Map<number, Area>();
    for (const u of upazilas ?? []) if (u.officeId === null) byId.set(u.district.id, u.district);
    return [...byId.values()].sort((a, b) => label(a).localeCompare(label(b), locale));
  }, [upazilas, label, locale]);
  const choices = (upazilas ?? []).filter((u) => u.officeId === null && String(u.district.id) === district);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!upazila) {
      setFields({ upazilaId: t('v.required') });
      return;
    }
    await send(async () => {
      const office = await staffApi<{ nameBn: string; nameEn: string }>('/api/national/offices', {
        method: 'POST',
        json: { upazilaId: Number(upazila), host: host.trim() || null },
      });
      showToast('success', t('offices.national.opened', { name: label(office as Area) }));
      setUpazilas((list) => list?.map((u) => (String(u.id) === upazila ? { ...u, officeId: 0 } : u)) ?? null);
      setUpazila('');
      setHost('');
      setFields({});
      onOpened();
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} className={`${ui.card} space-y-3`} noValidate aria-labelledby="open-office">
      <h2 id="open-office" className="text-lg font-semibold">
        {t('offices.national.openTitle')}
      </h2>
      <p className="text-sm text-gray-700">{t('offices.national.openHint')}</p>
      <SelectField
        id="open-district"
        label={t('offices.national.district')}
        value={district}
        onChange={(v) => {
          setDistrict(v);
          setUpazila('');
        }}
        choose={t('offices.national.chooseDistrict')}
        options={districts.map((d) => ({ value: d.id, label: label(d) }))}
      />
      <SelectField
        id="open-upazila"
        label={t('offices.national.upazila')}
        value={upazila}
        onChange={setUpazila}
        disabled={!district}
        choose={t('offices.national.chooseUpazila')}
        options={choices.map((u) => ({ value: u.id, label: label(u) }))}
        error={fields.upazilaId}
      />
      <HostField id="open-host" value={host} onChange={setHost} error={fields.host} />
      <FormError message={error} />
      <button type="submit" className={ui.primary} disabled={busy || !upazilas}>
        {t('offices.national.openSubmit')}
      </button>
    </form>
  );
}
