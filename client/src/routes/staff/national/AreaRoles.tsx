import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { Me } from '@portal/shared/schemas/auth';
import { useLocale, useT } from '../../../i18n/locale';
import { showToast } from '../../../components/Toast';
import { useConfirm } from '../../../components/useConfirm';
import { staffApi } from '../../../features/staff/staffApi';
import { useFormat } from '../../../features/staff/format';
import { TextField } from '../../../features/staff/TextField';
import { SelectField } from '../../../features/staff/SelectField';
import { useSubmit } from '../../../features/staff/useSubmit';
import { ui } from '../../../features/staff/ui';
import { FormError } from '../../../features/staff/FormError';
import { nameIn } from './names';

/**
 * The area viewers' roles (docs/decisions/057-offices.md, step 4), the national administrator's
 * only: who holds which area role, a form that makes a person the viewer of a district or a
 * division, and revoking a role, which ends that person's sessions. A new account's one-time
 * password is shown once, here, for the administrator to hand over.
 */
interface Place {
  id: number;
  nameBn: string;
  nameEn: string;
}
type Role = 'NationalAdmin' | 'DivisionViewer' | 'DistrictViewer';
interface Holder {
  userId: number;
  email: string;
  name: string | null;
  role: Role;
  district: Place | null;
  division: Place | null;
}
interface Listing {
  roles: Holder[];
  divisions: Place[];
  districts: (Place & { divisionId: number })[];
}
interface Granted {
  email: string;
  created: boolean;
  oneTimePassword: string | null;
}

export default function AreaRoles({ me }: { me: Me }) {
  const t = useT();
  const f = useFormat();
  const { locale } = useLocale();
  const [listing, setListing] = useState<Listing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();
  const label = useCallback((p: Place) => nameIn(locale, p), [locale]);
  const areaName = (h: Pick<Holder, 'district' | 'division'>) =>
    h.district ? label(h.district) : h.division ? label(h.division) : t('areaRoles.wholeCountry');

  const load = useCallback(async () => {
    try {
      setListing(await staffApi<Listing>('/api/national/area-roles'));
      setError(null);
    } catch (err) {
      setError(f.error(err));
    }
  }, [f]);
  useEffect(() => void load(), [load]);

  const revoke = async (h: Holder) => {
    const ok = await confirm({
      title: t('areaRoles.revokeTitle', { email: h.email }),
      description: t('areaRoles.revokeBody', { area: areaName(h) }),
      confirmLabel: t('areaRoles.revokeConfirm'),
      tone: 'danger',
    });
    if (!ok) return;
    try {
      await staffApi(`/api/national/area-roles/${h.userId}`, { method: 'DELETE' });
      showToast('success', t('areaRoles.revoked', { email: h.email }));
      await load();
    } catch (err) {
      showToast('failure', f.error(err));
    }
  };

  return (
    <div className="space-y-4">
      <section className={`${ui.card} space-y-3`} aria-labelledby="area-roles">
        <h2 id="area-roles" className="text-lg font-semibold">
          {t('areaRoles.title')}
        </h2>
        <p className="text-sm text-gray-700">{t('areaRoles.intro')}</p>
        {error && (
          <p role="alert" className={ui.alertError}>
            {t('areaRoles.failed')} {error}
          </p>
        )}
        {listing && listing.roles.length === 0 && <p>{t('areaRoles.empty')}</p>}
        {listing && listing.roles.length > 0 && (
          <ul aria-label={t('areaRoles.list')} className="divide-y">
            {listing.roles.map((h) => (
              <li key={h.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div>
                  <p className="font-semibold">
                    {h.name ?? h.email} {h.userId === me.id && t('areaRoles.you')}
                  </p>
                  <p className="text-sm text-gray-700">
                    <span lang="en">{h.email}</span> · {t(`areaRoles.role.${h.role}` as MessageKey)} · {areaName(h)}
                  </p>
                </div>
                {!(h.userId === me.id && h.role === 'NationalAdmin') && (
                  <button
                    type="button"
                    className={ui.secondary}
                    aria-label={`${t('areaRoles.revoke')}: ${h.email}`}
                    onClick={() => void revoke(h)}
                  >
                    {t('areaRoles.revoke')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {listing && <GrantForm listing={listing} label={label} onGranted={() => void load()} />}
      {dialog}
    </div>
  );
}

function GrantForm({
  listing,
  label,
  onGranted,
}: {
  listing: Listing;
  label: (p: Place) => string;
  onGranted: () => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const [role, setRole] = useState<'DistrictViewer' | 'DivisionViewer'>('DistrictViewer');
  const [area, setArea] = useState('');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const { busy, error, fields, setFields, submit: send } = useSubmit();
  const [done, setDone] = useState<(Granted & { role: string; area: string }) | null>(null);
  const places = [...(role === 'DistrictViewer' ? listing.districts : listing.divisions)].sort((a, b) =>
    label(a).localeCompare(label(b), locale),
  );
  const areaField = role === 'DistrictViewer' ? 'districtId' : 'divisionId';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    await send(async () => {
      const granted = await staffApi<Granted>('/api/national/area-roles', {
        method: 'POST',
        json: { email, name: name.trim() || null, role, [areaField]: area ? Number(area) : null },
      });
      const place = places.find((p) => String(p.id) === area);
      setDone({ ...granted, role: t(`areaRoles.role.${role}` as MessageKey), area: place ? label(place) : '' });
      setEmail('');
      setName('');
      setFields({});
      onGranted();
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} className={`${ui.card} space-y-3`} noValidate aria-labelledby="grant-role">
      <h2 id="grant-role" className="text-lg font-semibold">
        {t('areaRoles.grantTitle')}
      </h2>
      <SelectField
        id="grant-role-role"
        label={t('areaRoles.role')}
        value={role}
        onChange={(v) => {
          setRole(v as typeof role);
          setArea('');
        }}
        options={(['DistrictViewer', 'DivisionViewer'] as const).map((r) => ({
          value: r,
          label: t(`areaRoles.role.${r}`),
        }))}
      />
      <SelectField
        id="grant-role-area"
        label={t(role === 'DistrictViewer' ? 'areaRoles.district' : 'areaRoles.division')}
        value={area}
        onChange={setArea}
        choose={t('areaRoles.choose')}
        options={places.map((p) => ({ value: p.id, label: label(p) }))}
        error={fields[areaField]}
      />
      <TextField
        id="grant-role-email"
        label={t('areaRoles.email')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={setEmail}
        error={fields.email}
        lang="en"
      />
      <TextField id="grant-role-name" label={t('areaRoles.name')} value={name} onChange={setName} error={fields.name} />
      <FormError message={error} />
      <button type="submit" className={ui.primary} disabled={busy}>
        {t('areaRoles.submit')}
      </button>
      {done && (
        <div role="status" className={`${ui.alertOk} space-y-2`}>
          <p>{t('areaRoles.granted', { email: done.email, role: done.role, area: done.area })}</p>
          {done.oneTimePassword ? (
            <p>
              {t('areaRoles.oneTime')}{' '}
              <code className="select-all rounded bg-white px-2 py-1 font-mono text-lg" lang="en">
                {done.oneTimePassword}
              </code>
            </p>
          ) : (
            <p>{t('areaRoles.existing')}</p>
          )}
        </div>
      )}
    </form>
  );
}
