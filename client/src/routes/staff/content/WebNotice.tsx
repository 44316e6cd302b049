import { useRef, useState, type FormEvent } from 'react';
import { ACCEPT_ATTRIBUTE } from '@portal/shared/constants';
import { noticeFileUrl, type Notice } from '@portal/shared/schemas/content';
import { Modal } from '../../../components/ConfirmDialog';
import { useConfirm } from '../../../components/useConfirm';
import { useToast } from '../../../components/Toast';
import { useT } from '../../../i18n/locale';
import { LoadState } from '../../../features/content/LoadState';
import { useContent } from '../../../features/content/useContent';
import { staffApi } from '../../../features/staff/staffApi';
import { useFormat } from '../../../features/staff/format';
import { fieldErrors, TextField } from '../../../features/staff/TextField';
import { ui } from '../../../features/staff/ui';
import { LazyRichTextEditor } from './LazyRichTextEditor';
import { uploadFile } from './upload';

/**
 * Notices (spec 2 §2 web-notice): publish (title, rich description, optional file), and a table
 * with title, date, file, Send Message and Delete. The notice is saved first and its file sent
 * after it, so a failed file upload never loses the text: the row offers 'Add file' to retry.
 */
function SendMessage({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const [mobiles, setMobiles] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!mobiles.trim()) {
      setError(t('v.required'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const { queued } = await staffApi<{ queued: number }>(`/api/admin/notices/${notice.id}/sms`, {
        method: 'POST',
        json: { mobiles },
      });
      toast.success(t('content.noticeAdmin.sent', { count: f.num(queued) }));
      onClose();
    } catch (err) {
      setError(fieldErrors(err).mobiles ?? f.error(err));
      toast.failure(t('content.noticeAdmin.sendFailed', { message: fieldErrors(err).mobiles ?? f.error(err) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={t('content.noticeAdmin.smsTitle')}
      description={notice.title}
    >
      <form onSubmit={(e) => void send(e)} className="space-y-3" noValidate>
        <p className="text-sm text-gray-600">{t('content.noticeAdmin.smsPreview')}</p>
        <TextField
          id="notice-mobiles"
          label={t('content.noticeAdmin.mobiles')}
          value={mobiles}
          onChange={setMobiles}
          multiline
          required
          inputMode="tel"
          error={error}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={ui.secondary} onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={ui.primary} disabled={busy}>
            {busy ? t('content.noticeAdmin.sending') : t('content.noticeAdmin.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export default function WebNotice() {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const { data, error, loading, reload, setData } = useContent<Notice[]>('/api/public/notices');
  const fileInput = useRef<HTMLInputElement>(null);
  const attachInput = useRef<HTMLInputElement>(null);
  const attachTo = useRef<Notice | null>(null);
  const [title, setTitle] = useState('');
  const [html, setHtml] = useState('');
  const [editorKey, setEditorKey] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [smsFor, setSmsFor] = useState<Notice | null>(null);

  const replace = (notice: Notice) => setData((prev) => prev?.map((n) => (n.id === notice.id ? notice : n)));

  const publish = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) {
      setFields({ title: t('v.required') });
      return;
    }
    setBusy(true);
    setFields({});
    let notice: Notice;
    try {
      notice = await staffApi<Notice>('/api/admin/notices', {
        method: 'POST',
        json: { title: title.trim(), descriptionHtml: html },
      });
    } catch (err) {
      setFields(fieldErrors(err));
      toast.failure(t('content.noticeAdmin.publishFailed', { message: f.error(err) }));
      setBusy(false);
      return;
    }
    setData((prev) => [notice, ...(prev ?? [])]);
    setTitle('');
    setHtml('');
    setEditorKey((k) => k + 1);
    if (file) {
      try {
        replace(await uploadFile<Notice>(`/api/admin/notices/${notice.id}/file`, file, 'PUT'));
        toast.success(t('content.noticeAdmin.published'));
      } catch (err) {
        toast.failure(t('content.noticeAdmin.fileFailed', { message: f.error(err) }));
      }
    } else toast.success(t('content.noticeAdmin.published'));
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
    setBusy(false);
  };

  const attach = async (picked: File | undefined) => {
    const notice = attachTo.current;
    if (!picked || !notice) return;
    try {
      replace(await uploadFile<Notice>(`/api/admin/notices/${notice.id}/file`, picked, 'PUT'));
      toast.success(t('content.noticeAdmin.fileAdded'));
    } catch (err) {
      toast.failure(t('content.archive.uploadFailed', { message: f.error(err) }));
    } finally {
      if (attachInput.current) attachInput.current.value = '';
    }
  };

  const remove = async (notice: Notice) => {
    const ok = await confirm({
      title: t('content.confirmDelete'),
      description: notice.title,
      confirmLabel: t('content.confirmDeleteYes'),
      tone: 'danger',
    });
    if (!ok) return;
    try {
      await staffApi(`/api/admin/notices/${notice.id}`, { method: 'DELETE' });
      setData((prev) => prev?.filter((n) => n.id !== notice.id));
      toast.success(t('content.deleted'));
    } catch (err) {
      toast.failure(t('content.deleteFailed', { message: f.error(err) }));
    }
  };

  const fileCell = (n: Notice) =>
    n.file ? (
      <a
        href={noticeFileUrl(n.id)}
        target="_blank"
        rel="noopener noreferrer"
        className={`${ui.small} border border-gray-300 text-brand-800`}
      >
        {t('content.noticeAdmin.viewFile')}
      </a>
    ) : (
      <button
        type="button"
        className={`${ui.small} border border-gray-300`}
        onClick={() => {
          attachTo.current = n;
          attachInput.current?.click();
        }}
      >
        {t('content.noticeAdmin.attachFile')}
      </button>
    );
  const actions = (n: Notice) => (
    <>
      <button
        type="button"
        className={`${ui.small} bg-brand-700 font-semibold text-white`}
        onClick={() => setSmsFor(n)}
      >
        {t('content.noticeAdmin.sendMessage')}
      </button>
      <button
        type="button"
        className={`${ui.small} bg-red-700 font-semibold text-white`}
        onClick={() => void remove(n)}
      >
        {t('content.delete')}
      </button>
    </>
  );

  return (
    <div className="space-y-4">
      <h1 className={ui.h1}>{t('content.noticeAdmin.title')}</h1>
      <form onSubmit={(e) => void publish(e)} className={`${ui.card} max-w-3xl space-y-3`} noValidate>
        <TextField
          id="notice-title"
          label={t('content.noticeAdmin.noticeTitle')}
          value={title}
          onChange={setTitle}
          maxLength={300}
          required
          error={fields.title}
        />
        <div>
          <p id="notice-description-label" className={ui.label}>
            {t('content.noticeAdmin.description')}
          </p>
          <LazyRichTextEditor
            key={editorKey}
            id="notice-description"
            labelledBy="notice-description-label"
            initialHtml=""
            onChange={setHtml}
          />
          {fields.descriptionHtml && <p className={ui.fieldError}>{fields.descriptionHtml}</p>}
        </div>
        <div>
          <label htmlFor="notice-file" className={ui.label}>
            {t('content.noticeAdmin.file')}
          </label>
          <input
            ref={fileInput}
            id="notice-file"
            type="file"
            accept={ACCEPT_ATTRIBUTE}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="block w-full text-sm file:mr-3 file:min-h-10 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-900"
          />
        </div>
        <button type="submit" className={ui.primary} disabled={busy}>
          {busy ? t('content.noticeAdmin.publishing') : t('content.noticeAdmin.publish')}
        </button>
      </form>

      <input
        ref={attachInput}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        className="hidden"
        aria-hidden="true"
        tabIndex={-1}
        onChange={(e) => void attach(e.target.files?.[0])}
      />
      <LoadState loading={loading} error={error} reload={reload}>
        {data && data.length === 0 ? (
          <p className="text-gray-600">{t('content.noticeAdmin.empty')}</p>
        ) : (
          <>
            {/* Phones: one card per notice; wider screens: the table of spec 2 §2. */}
            <ul className="space-y-2 md:hidden">
              {data?.map((n) => (
                <li key={n.id} className={`${ui.card} space-y-2`}>
                  <p className="font-semibold break-words">{n.title}</p>
                  <p className="text-sm text-gray-600">
                    {t('content.noticeAdmin.colDate')}: {f.day(n.publishedAt)}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    {fileCell(n)}
                    {actions(n)}
                  </div>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto rounded-lg border border-gray-200 bg-white md:block">
              <table className="w-full text-left text-sm">
                <thead className="bg-gray-50 text-gray-700">
                  <tr>
                    <th className="p-2">{t('content.noticeAdmin.colTitle')}</th>
                    <th className="p-2">{t('content.noticeAdmin.colDate')}</th>
                    <th className="p-2">{t('content.noticeAdmin.colFile')}</th>
                    <th className="p-2">{t('content.actions')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200">
                  {data?.map((n) => (
                    <tr key={n.id}>
                      <td className="p-2 font-semibold break-words">{n.title}</td>
                      <td className="p-2 whitespace-nowrap">{f.day(n.publishedAt)}</td>
                      <td className="p-2">{fileCell(n)}</td>
                      <td className="p-2">
                        <div className="flex flex-wrap gap-1">{actions(n)}</div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </LoadState>
      {smsFor && <SendMessage notice={smsFor} onClose={() => setSmsFor(null)} />}
      {dialog}
    </div>
  );
}
