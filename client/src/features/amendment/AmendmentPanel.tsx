import { useState } from 'react';
import type { ApiError } from '../../api/client';
import { useConfirm } from '../../components/useConfirm';
import { useLocale, useT } from '../../i18n/locale';
import { FormLoadState } from '../verification/FormLoadState';
import { problemText } from '../verification/problemText';
import { fileRequest, useCitizenForm } from '../verification/useCitizenForm';
import { AmendFieldsForm } from './AmendFieldsForm';
import { DocumentReplace } from './DocumentReplace';

/**
 * /verification/4, amending after BADC asked for a recheck (spec 1 §4 "Recheck", §7
 * editApplicationByUser and editFileByUser; docs/decisions/025-amendment-and-consent.md): the
 * editable fields, a replace control for each document marked No with the officer's note, and an
 * explicit "done" that sends the application back to BADC. Online only: each change is sent at once.
 */
export default function AmendmentPanel({ onGrantExpired }: { onGrantExpired: (error: ApiError) => void }) {
  const t = useT();
  const { locale } = useLocale();
  const { load, retry, write } = useCitizenForm(onGrantExpired);
  const { confirm, dialog } = useConfirm();
  const [saving, setSaving] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const say = (failed: ApiError) => problemText(failed, locale) || t('common.networkError');

  if (load.kind !== 'ready') return <FormLoadState load={load} retry={retry} />;
  const { form } = load;
  if (submitted) {
    return (
      <p role="status" className="rounded border border-brand-600 bg-brand-50 p-4 font-semibold text-brand-900">
        {t('verification.amend.submitted')}
      </p>
    );
  }
  if (!form.recheck.requested) {
    return (
      <p role="status" className="rounded border border-amber-400 bg-amber-50 p-4 text-amber-900">
        {t('verification.amend.closed')}
      </p>
    );
  }

  const saveFields = async (fields: Record<string, string>) => {
    setSaving(true);
    setNotice(null);
    const failed = await write('/api/citizen/application/fields', { method: 'PUT', json: { fields } });
    setSaving(false);
    setFieldErrors(failed?.body?.fields ?? {});
    setNotice(failed ? { ok: false, text: say(failed) } : { ok: true, text: t('verification.amend.saved') });
  };

  const sendFile = async (slot: string, file: Blob & { name: string }) => {
    const failed = await write(`/api/citizen/application/files/${slot}`, fileRequest(file));
    return failed ? say(failed) : null;
  };

  const finish = async () => {
    const yes = await confirm({
      title: t('verification.amend.confirmTitle'),
      description: t('verification.amend.confirmBody'),
      confirmLabel: t('verification.amend.confirmYes'),
    });
    if (!yes) return;
    setSubmitting(true);
    setNotice(null);
    const failed = await write('/api/citizen/application/amendment/submit', { method: 'POST' });
    setSubmitting(false);
    if (failed) setNotice({ ok: false, text: say(failed) });
    else setSubmitted(true);
  };

  return (
    <section className="space-y-4">
      <div className="rounded border border-amber-400 bg-amber-50 p-3 text-amber-900">
        <p className="font-bold">{t('verification.status.recheck')}</p>
        {form.recheck.message && (
          <p className="mt-1 whitespace-pre-line">
            {t('verification.amend.badcMessage')}: {form.recheck.message}
          </p>
        )}
      </div>
      <p className="text-gray-700">{t('verification.amend.intro')}</p>
      <p className="text-sm text-gray-600">{t('verification.amend.onlineOnly')}</p>

      {notice && (
        <p
          role={notice.ok ? 'status' : 'alert'}
          className={`rounded border p-3 ${notice.ok ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-red-300 bg-red-50 text-red-900'}`}
        >
          {notice.text}
        </p>
      )}

      {form.editableFields.length > 0 && (
        <AmendFieldsForm
          names={form.editableFields}
          stored={form.fields}
          busy={saving}
          errors={fieldErrors}
          onSave={(fields) => void saveFields(fields)}
        />
      )}

      {form.files.length > 0 && (
        <div className="rounded border border-gray-200 bg-white p-4">
          <h2 className="mb-1 text-lg font-bold text-brand-900">{t('verification.amend.filesTitle')}</h2>
          <ul className="divide-y divide-gray-200">
            {form.files.map((doc) => (
              <DocumentReplace key={doc.slot} doc={doc} onSend={sendFile} />
            ))}
          </ul>
        </div>
      )}

      <button
        type="button"
        onClick={() => void finish()}
        disabled={submitting}
        className="min-h-12 w-full rounded bg-brand-800 px-4 text-lg font-bold text-white disabled:opacity-60"
      >
        {submitting ? t('verification.amend.submitting') : t('verification.amend.submit')}
      </button>
      {dialog}
    </section>
  );
}
