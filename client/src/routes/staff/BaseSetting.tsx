import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import { toLatinDigits } from '@portal/shared/i18n/digits';
import { STAGES, type SiteSettings } from '@portal/shared/schemas/settings';
import { useToast } from '../../components/Toast';
import { useT } from '../../i18n/locale';
import { staffApi } from '../../features/staff/staffApi';
import { useFormat } from '../../features/staff/format';
import { fieldErrors, TextField } from '../../features/staff/TextField';
import { ui } from '../../features/staff/ui';
import LocalityLists from './LocalityLists';
import { DeadlineSettings } from '../../features/deadlines/DeadlineSettings';

/**
 * Base Setting (spec 2 §2, §3 baseData): the settings the portal reads, grouped, then the Union
 * Porisod and Post Office lists. The SMS token is write-only (spec README defect 1): the server
 * shows a mask; a typed token replaces it, an empty box keeps it, and the Admin may clear it. A new
 * gateway address needs the token typed again, or the stored token would go to that address
 * (docs/decisions/015-abuse-limits-and-exports.md); the server refuses it too.
 */
type Key = keyof SiteSettings;
type Form = Record<Key, string>;
type AdminSettings = SiteSettings & { smsTokenSet: boolean };

const SITE_FIELDS: {
  key: Key;
  multiline?: boolean;
  type?: string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'tel' | 'url';
}[] = [
  { key: 'websiteName' },
  { key: 'websiteTitle' },
  { key: 'description', multiline: true },
  { key: 'authorName' },
  { key: 'address' },
  { key: 'jilla' },
  { key: 'webUrl', type: 'url', inputMode: 'url' },
  { key: 'headline', multiline: true },
  { key: 'copyright' },
  { key: 'phone1', type: 'tel', inputMode: 'tel' },
  { key: 'phone2', type: 'tel', inputMode: 'tel' },
  { key: 'email1', type: 'email', inputMode: 'email' },
  { key: 'email2', type: 'email', inputMode: 'email' },
  { key: 'staffMobile', multiline: true },
  { key: 'gmap' },
  { key: 'officeLatitude', inputMode: 'decimal' },
  { key: 'officeLongitude', inputMode: 'decimal' },
];
const SMS_TOGGLES: Key[] = [
  'sms_new_application_submit',
  'sms_renew_application_submit',
  'sms_application_recheck',
  'sms_application_approved',
  'sms_application_decline',
  'sms_application_suspend',
  'sms_change_approved',
  'sms_change_decline',
  'sms_licence_expiry',
];
const NUMERIC: Key[] = ['officeLatitude', 'officeLongitude', 'licence_expiry_reminder_days'];

/** The Bangla reason a number box is refused, or null when its value is one the server takes. */
function numberProblem(key: Key, n: number, t: ReturnType<typeof useT>): string | null {
  if (key === 'licence_expiry_reminder_days')
    return Number.isInteger(n) && n >= 1 && n <= 365 ? null : t('staff.base.v.reminderDays');
  if (!Number.isFinite(n)) return t(key === 'officeLatitude' ? 'v.latitude' : 'v.longitude');
  return null;
}

/** Settings with a section and a save of their own, never sent by this form (docs/decisions/040-stage-deadlines.md). */
const OWN_SECTION: readonly string[] = ['smsTokenSet', 'stageTargets', 'holidays'];

function toForm(s: AdminSettings): Form {
  const form = {} as Form;
  for (const [k, v] of Object.entries(s)) if (!OWN_SECTION.includes(k)) form[k as Key] = String(v ?? '');
  form.smsToken = ''; // the server's value is only a mask
  return form;
}

export default function BaseSetting() {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const [loaded, setLoaded] = useState<AdminSettings | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [clearToken, setClearToken] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});

  const load = useCallback(() => {
    setLoadError(null);
    staffApi<AdminSettings>('/api/admin/settings').then(
      (s) => {
        setLoaded(s);
        setForm(toForm(s));
      },
      (e: unknown) => setLoadError(e),
    );
  }, []);
  useEffect(load, [load]);

  if (loadError !== null) {
    return (
      <div role="alert" className={ui.alertError}>
        <p>{f.error(loadError)}</p>
        <button type="button" className={`${ui.danger} mt-2`} onClick={load}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!form || !loaded) {
    return (
      <p role="status" className="text-gray-600">
        {t('common.loading')}
      </p>
    );
  }

  const set = (key: Key) => (value: string) => setForm((prev) => (prev ? { ...prev, [key]: value } : prev));
  const label = (key: Key) => t(`staff.base.${key}` as MessageKey);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const payload: Record<string, string | number | boolean> = {};
    for (const [k, v] of Object.entries(form) as [Key, string][]) {
      if (NUMERIC.includes(k)) {
        const n = v.trim() ? Number(toLatinDigits(v).trim()) : NaN;
        const problem = numberProblem(k, n, t);
        if (problem) problems[k] = problem;
        payload[k] = n;
      } else if (k === 'mapTilesPackable') {
        payload[k] = v === 'true';
      } else if (k === 'smsToken') {
        if (v.trim() && !clearToken) payload[k] = v.trim();
      } else payload[k] = v;
    }
    if (clearToken) payload.clearSmsToken = true;
    const urlChanged = form.smsGatewayUrl.trim() !== '' && form.smsGatewayUrl.trim() !== loaded.smsGatewayUrl.trim();
    if (urlChanged && loaded.smsTokenSet && !clearToken && !form.smsToken.trim()) {
      problems.smsToken = t('staff.base.tokenRequiredForUrl');
    }
    setFields(problems);
    if (Object.keys(problems).length) {
      toast.failure(t('staff.base.fixFields'));
      return;
    }
    setSaving(true);
    try {
      const saved = await staffApi<AdminSettings>('/api/admin/settings', { method: 'PUT', json: payload });
      if (saved && typeof saved === 'object' && 'smsTokenSet' in saved) {
        setLoaded(saved);
        setForm(toForm(saved));
      } else setForm((prev) => (prev ? { ...prev, smsToken: '' } : prev));
      setClearToken(false);
      toast.success(t('staff.base.saved'));
    } catch (err) {
      setFields(fieldErrors(err));
      toast.failure(t('staff.base.saveFailed', { message: f.error(err) }));
    } finally {
      setSaving(false);
    }
  };

  const onOff = (key: Key) => (
    <div key={key}>
      <label htmlFor={key} className={ui.label}>
        {label(key)}
      </label>
      <select id={key} value={form[key]} onChange={(e) => set(key)(e.target.value)} className={ui.input}>
        <option value="ON">{t('staff.base.on')}</option>
        <option value="OFF">{t('staff.base.off')}</option>
      </select>
    </div>
  );
  const seenUnseen = (key: Key) => (
    <div key={key}>
      <label htmlFor={key} className={ui.label}>
        {label(key)}
      </label>
      <select id={key} value={form[key]} onChange={(e) => set(key)(e.target.value)} className={ui.input}>
        <option value="Unseen">{t('staff.base.unseen')}</option>
        <option value="Seen">{t('staff.base.seen')}</option>
      </select>
    </div>
  );
  const group = 'rounded-lg border border-gray-200 bg-white p-4 shadow-sm';
  const legend = 'px-1 text-lg font-bold text-brand-900';
  const grid = 'grid gap-4 sm:grid-cols-2';

  return (
    <div className="space-y-6">
      <h1 className={ui.h1}>{t('staff.base.title')}</h1>
      <form onSubmit={(e) => void submit(e)} className="space-y-5" noValidate>
        <fieldset className={group}>
          <legend className={legend}>{t('staff.base.group.site')}</legend>
          <div className={grid}>
            {SITE_FIELDS.map((fd) => (
              <div key={fd.key} className={fd.multiline ? 'sm:col-span-2' : undefined}>
                <TextField
                  id={fd.key}
                  label={label(fd.key)}
                  value={form[fd.key]}
                  onChange={set(fd.key)}
                  multiline={fd.multiline}
                  type={fd.type}
                  inputMode={fd.inputMode}
                  error={fields[fd.key]}
                />
              </div>
            ))}
          </div>
        </fieldset>

        <fieldset className={group}>
          <legend className={legend}>{t('map.settings.group')}</legend>
          {/* Every map's tiles (docs/decisions/029-map-picker-and-live-map.md); the server checks the address. */}
          <div className={grid}>
            <div className="sm:col-span-2">
              <TextField
                id="mapTileUrl"
                label={t('map.settings.tileUrl')}
                value={form.mapTileUrl}
                onChange={set('mapTileUrl')}
                inputMode="url"
                hint={t('map.settings.tileUrlHint')}
                error={fields.mapTileUrl}
              />
            </div>
            <div className="sm:col-span-2">
              <TextField
                id="mapTileAttribution"
                label={t('map.settings.tileAttribution')}
                value={form.mapTileAttribution}
                onChange={set('mapTileAttribution')}
                error={fields.mapTileAttribution}
              />
            </div>
            {/* Whether a field pack may copy these tiles (docs/decisions/033-tile-archive.md). */}
            <div className="sm:col-span-2">
              <label className="flex items-start gap-2">
                <input
                  id="mapTilesPackable"
                  type="checkbox"
                  checked={form.mapTilesPackable === 'true'}
                  onChange={(e) => set('mapTilesPackable')(String(e.target.checked))}
                  aria-describedby="mapTilesPackable-hint"
                  className="mt-1 h-5 w-5 shrink-0"
                />
                <span>{t('tiles.settings.packable')}</span>
              </label>
              <p id="mapTilesPackable-hint" className="mt-1 text-sm text-gray-600">
                {t('tiles.settings.packableHint')}
              </p>
            </div>
          </div>
        </fieldset>

        <fieldset className={group}>
          <legend className={legend}>{t('staff.base.group.applications')}</legend>
          <div className={grid}>
            {onOff('others1')}
            {onOff('licenseOnline')}
            <div className="sm:col-span-2">
              <TextField
                id="others2"
                label={label('others2')}
                value={form.others2}
                onChange={set('others2')}
                multiline
                error={fields.others2}
              />
            </div>
          </div>
        </fieldset>

        <fieldset className={group}>
          <legend className={legend}>{t('staff.base.group.autoForward')}</legend>
          <div className={grid}>
            {seenUnseen('autoForwardChairman')}
            {seenUnseen('autoForwardUNO')}
            {seenUnseen('autoForwardBADC')}
            <div>
              <label htmlFor="destination" className={ui.label}>
                {label('destination')}
              </label>
              <select
                id="destination"
                value={form.destination}
                onChange={(e) => set('destination')(e.target.value)}
                className={ui.input}
              >
                {STAGES.map((s) => (
                  <option key={s} value={s}>
                    {t(`staff.stage.${s}` as MessageKey)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </fieldset>

        <fieldset className={group}>
          <legend className={legend}>{t('staff.base.group.sms')}</legend>
          <div className={grid}>
            {SMS_TOGGLES.map(onOff)}
            <TextField
              id="licence_expiry_reminder_days"
              label={label('licence_expiry_reminder_days')}
              value={form.licence_expiry_reminder_days}
              onChange={set('licence_expiry_reminder_days')}
              inputMode="numeric"
              error={fields.licence_expiry_reminder_days}
            />
          </div>
        </fieldset>

        <fieldset className={group}>
          <legend className={legend}>{t('staff.base.group.gateway')}</legend>
          <div className={grid}>
            <TextField
              id="smsGatewayUrl"
              label={label('smsGatewayUrl')}
              value={form.smsGatewayUrl}
              onChange={set('smsGatewayUrl')}
              type="url"
              inputMode="url"
              error={fields.smsGatewayUrl}
            />
            <TextField
              id="smsToken"
              label={label('smsToken')}
              value={form.smsToken}
              onChange={set('smsToken')}
              type="password"
              autoComplete="off"
              disabled={clearToken}
              hint={
                clearToken
                  ? t('staff.base.clearTokenHint')
                  : loaded.smsTokenSet
                    ? t('staff.base.tokenSet', { mask: loaded.smsToken })
                    : t('staff.base.tokenNotSet')
              }
              error={fields.smsToken}
            />
            {loaded.smsTokenSet && (
              <label className="flex items-start gap-2 sm:col-span-2">
                <input
                  id="clearSmsToken"
                  type="checkbox"
                  checked={clearToken}
                  onChange={(e) => setClearToken(e.target.checked)}
                  className="mt-1 h-5 w-5 shrink-0"
                />
                <span>{t('staff.base.clearToken')}</span>
              </label>
            )}
          </div>
        </fieldset>

        <div className="sticky bottom-0 -mx-3 border-t border-gray-200 bg-gray-50/95 p-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
          <button type="submit" className={`${ui.primary} w-full sm:w-auto`} disabled={saving}>
            {saving ? t('staff.base.saving') : t('staff.base.save')}
          </button>
        </div>
      </form>

      <DeadlineSettings initial={loaded} />

      <LocalityLists />
    </div>
  );
}
