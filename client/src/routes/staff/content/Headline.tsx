import { useEffect, useState, type FormEvent } from 'react';
import type { SiteSettings } from '@portal/shared/schemas/settings';
import { useToast } from '../../../components/Toast';
import { useT } from '../../../i18n/locale';
import { staffApi } from '../../../features/staff/staffApi';
import { useFormat } from '../../../features/staff/format';
import { fieldErrors, TextField } from '../../../features/staff/TextField';
import { ui } from '../../../features/staff/ui';

/** Headline (spec 2 §2): one field and Update; the site setting `headline` shown on every public page. */
export default function Headline() {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const [headline, setHeadline] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [round, setRound] = useState(0);

  useEffect(() => {
    setLoadError(null);
    staffApi<SiteSettings>('/api/admin/settings').then(
      (s) => setHeadline(s.headline),
      (e: unknown) => setLoadError(e),
    );
  }, [round]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (headline === null) return;
    setSaving(true);
    setError(undefined);
    try {
      const saved = await staffApi<SiteSettings>('/api/admin/settings', { method: 'PUT', json: { headline } });
      setHeadline(saved.headline);
      toast.success(t('content.saved'));
    } catch (err) {
      setError(fieldErrors(err).headline);
      toast.failure(t('content.saveFailed', { message: f.error(err) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="max-w-2xl space-y-4">
      <h1 className={ui.h1}>{t('content.headline.title')}</h1>
      {loadError !== null ? (
        <div role="alert" className={ui.alertError}>
          <p>{f.error(loadError)}</p>
          <button type="button" className={`${ui.danger} mt-2`} onClick={() => setRound((r) => r + 1)}>
            {t('common.retry')}
          </button>
        </div>
      ) : headline === null ? (
        <p role="status" className="text-gray-600">
          {t('common.loading')}
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className={`${ui.card} space-y-4`} noValidate>
          <TextField
            id="headline"
            label={t('content.headline.label')}
            value={headline}
            onChange={setHeadline}
            multiline
            maxLength={1000}
            error={error}
          />
          <button type="submit" className={ui.primary} disabled={saving}>
            {saving ? t('content.saving') : t('content.update')}
          </button>
        </form>
      )}
    </div>
  );
}
