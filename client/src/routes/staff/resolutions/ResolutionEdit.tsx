import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Resolution } from '@portal/shared/schemas/resolutions';
import { useToast } from '../../../components/Toast';
import { useT } from '../../../i18n/locale';
import { ResolutionLoad } from '../../../features/resolutions/ResolutionLoad';
import {
  ResolutionFields,
  validateResolution,
  type FieldMessages,
  type ResolutionDraft,
} from '../../../features/resolutions/ResolutionFields';
import { useStaffGet } from '../../../features/resolutions/useStaffGet';
import { staffApi } from '../../../features/staff/staffApi';
import { useFormat } from '../../../features/staff/format';
import { fieldErrors } from '../../../features/staff/TextField';
import { ui } from '../../../features/staff/ui';
import { LazyRichTextEditor } from '../content/LazyRichTextEditor';

/**
 * /admin-page/resolutionEdit/:id (spec 2 §2): the title, the range and the minutes in the rich-text
 * editor of the content screens. The server cleans the minutes; the editor then shows what it kept.
 */
/** The numbers in the reader's digits (Bangla on a Bangla screen); the schema reads either. */
const draftOf = (r: Resolution, num: (n: number) => string): ResolutionDraft => ({
  title: r.title,
  rangeFrom: num(r.rangeFrom),
  rangeTo: num(r.rangeTo),
});

export default function ResolutionEdit() {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const { id = '' } = useParams();
  const { data, error, loading, reload } = useStaffGet<Resolution>(`/api/staff/resolutions/${encodeURIComponent(id)}`);
  const [draft, setDraft] = useState<ResolutionDraft>({ title: '', rangeFrom: '', rangeTo: '' });
  const [html, setHtml] = useState('');
  const [editorKey, setEditorKey] = useState(0);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);

  const show = useCallback(
    (r: Resolution) => {
      setDraft(draftOf(r, f.num));
      setHtml(r.html);
      setEditorKey((k) => k + 1);
    },
    [f.num],
  );
  useEffect(() => {
    if (data) show(data);
  }, [data, show]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validateResolution(draft, html);
    setErrors(Object.fromEntries(Object.entries(checked.errors).map(([k, key]) => [k, t(key)])));
    if (!checked.input) return;
    setBusy(true);
    try {
      const saved = await staffApi<Resolution>(`/api/staff/resolutions/${encodeURIComponent(id)}`, {
        method: 'PUT',
        json: checked.input,
      });
      show(saved);
      toast.success(t('resolutions.updated'));
    } catch (err) {
      setErrors(fieldErrors(err));
      toast.failure(t('resolutions.updateFailed', { message: f.error(err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="max-w-3xl space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className={ui.h1}>{t('resolutions.edit.title')}</h1>
        <div className="flex flex-wrap gap-3 text-sm">
          <Link to="/admin-page/resolution" className="text-brand-700 underline">
            {t('resolutions.backToList')}
          </Link>
          {data && (
            <Link to={`/admin-page/resolutionView/${data.id}`} className="text-brand-700 underline">
              {t('resolutions.view')}
            </Link>
          )}
        </div>
      </div>
      <ResolutionLoad loading={loading} error={error} reload={reload}>
        <form onSubmit={(e) => void submit(e)} className={`${ui.card} space-y-3`} noValidate>
          <ResolutionFields idPrefix="resolution" draft={draft} onChange={setDraft} errors={errors} />
          <div>
            <p id="resolution-html-label" className={ui.label}>
              {t('resolutions.field.html')}
            </p>
            <LazyRichTextEditor
              key={editorKey}
              id="resolution-html"
              labelledBy="resolution-html-label"
              initialHtml={html}
              onChange={setHtml}
            />
            {errors.html && <p className={ui.fieldError}>{errors.html}</p>}
          </div>
          <button type="submit" className={ui.primary} disabled={busy}>
            {busy ? t('resolutions.saving') : t('resolutions.edit.submit')}
          </button>
        </form>
      </ResolutionLoad>
    </div>
  );
}
