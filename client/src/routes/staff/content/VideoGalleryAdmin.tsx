import { useEffect, useState, type FormEvent } from 'react';
import { VIDEO_SLOTS, youtubeIdOf, type VideoGallery } from '@portal/shared/schemas/content';
import { useToast } from '../../../components/Toast';
import { useT } from '../../../i18n/locale';
import { LoadState } from '../../../features/content/LoadState';
import { useContent } from '../../../features/content/useContent';
import { staffApi } from '../../../features/staff/staffApi';
import { useFormat } from '../../../features/staff/format';
import { fieldErrors, TextField } from '../../../features/staff/TextField';
import { ui } from '../../../features/staff/ui';

/** The six videos of the public /video-gallery (spec 1 §2), each a YouTube link or empty. */
export default function VideoGalleryAdmin() {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const { data, error, loading, reload } = useContent<VideoGallery>('/api/public/videos');
  const [urls, setUrls] = useState<string[]>(() => Array(VIDEO_SLOTS).fill(''));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (data) setUrls(data.slots.map((s) => s?.url ?? ''));
  }, [data]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    urls.forEach((u, i) => {
      if (u.trim() && !youtubeIdOf(u)) problems[`urls.${i}`] = t('content.v.youtube');
    });
    setFields(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const saved = await staffApi<VideoGallery>('/api/admin/videos', {
        method: 'PUT',
        json: { urls: urls.map((u) => u.trim()) },
      });
      setUrls(saved.slots.map((s) => s?.url ?? ''));
      toast.success(t('content.saved'));
    } catch (err) {
      setFields(fieldErrors(err));
      toast.failure(t('content.saveFailed', { message: f.error(err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="max-w-2xl space-y-4">
      <h1 className={ui.h1}>{t('content.videoAdmin.title')}</h1>
      <p className="text-gray-700">{t('content.videoAdmin.hint')}</p>
      <LoadState loading={loading} error={error} reload={reload}>
        <form onSubmit={(e) => void submit(e)} className={`${ui.card} space-y-3`} noValidate>
          {urls.map((u, i) => (
            <TextField
              key={i}
              id={`video-${i}`}
              label={t('content.videoAdmin.slot', { n: f.num(i + 1) })}
              value={u}
              onChange={(v) => setUrls((prev) => prev.map((p, j) => (j === i ? v : p)))}
              type="url"
              inputMode="url"
              maxLength={300}
              error={fields[`urls.${i}`]}
            />
          ))}
          <button type="submit" className={ui.primary} disabled={busy}>
            {busy ? t('content.saving') : t('content.update')}
          </button>
        </form>
      </LoadState>
    </div>
  );
}
