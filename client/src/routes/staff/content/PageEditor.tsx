import { useEffect, useState, type FormEvent } from 'react';
import type { Page, PageSlug } from '@portal/shared/schemas/content';
import { useToast } from '../../../components/Toast';
import { useT } from '../../../i18n/locale';
import { LoadState } from '../../../features/content/LoadState';
import { useContent } from '../../../features/content/useContent';
import { staffApi } from '../../../features/staff/staffApi';
import { useFormat } from '../../../features/staff/format';
import { fieldErrors, TextField } from '../../../features/staff/TextField';
import { ui } from '../../../features/staff/ui';
import { LazyRichTextEditor } from './LazyRichTextEditor';

/** Policies, Application Instruction, About Us editors (spec 2 §2): a title, a rich description and Update. */
export function PageEditor({ slug }: { slug: PageSlug }) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const { data, error, loading, reload } = useContent<Page>(`/api/public/pages/${slug}`);
  const [title, setTitle] = useState('');
  const [html, setHtml] = useState('');
  const [editorKey, setEditorKey] = useState(0);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!data) return;
    setTitle(data.title);
    setHtml(data.html);
    setEditorKey((k) => k + 1);
  }, [data]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) {
      setFields({ title: t('v.required') });
      return;
    }
    setBusy(true);
    setFields({});
    try {
      const saved = await staffApi<Page>(`/api/admin/pages/${slug}`, {
        method: 'PUT',
        json: { title: title.trim(), html },
      });
      // Show what the server kept (it removes anything outside its allowlist).
      setTitle(saved.title);
      setHtml(saved.html);
      setEditorKey((k) => k + 1);
      toast.success(t('content.saved'));
    } catch (err) {
      setFields(fieldErrors(err));
      toast.failure(t('content.saveFailed', { message: f.error(err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="max-w-3xl space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className={ui.h1}>{t(`content.page.${slug}`)}</h1>
        <a href={`/${slug}`} target="_blank" rel="noopener noreferrer" className="text-sm text-brand-700 underline">
          {t('content.pageAdmin.viewPublic')}
        </a>
      </div>
      <LoadState loading={loading} error={error} reload={reload}>
        <form onSubmit={(e) => void submit(e)} className={`${ui.card} space-y-3`} noValidate>
          <TextField
            id={`${slug}-title`}
            label={t('content.pageAdmin.titleLabel')}
            value={title}
            onChange={setTitle}
            maxLength={300}
            required
            error={fields.title}
          />
          <div>
            <p id={`${slug}-description-label`} className={ui.label}>
              {t('content.pageAdmin.description')}
            </p>
            <LazyRichTextEditor
              key={editorKey}
              id={`${slug}-description`}
              labelledBy={`${slug}-description-label`}
              initialHtml={html}
              onChange={setHtml}
            />
            {fields.html && <p className={ui.fieldError}>{fields.html}</p>}
          </div>
          <button type="submit" className={ui.primary} disabled={busy}>
            {busy ? t('content.saving') : t('content.update')}
          </button>
        </form>
      </LoadState>
    </div>
  );
}

export function WebPolicies() {
  return <PageEditor slug="policies" />;
}
export function WebApplicationInstruction() {
  return <PageEditor slug="application-instruction" />;
}
export function WebAboutUs() {
  return <PageEditor slug="about-us" />;
}
