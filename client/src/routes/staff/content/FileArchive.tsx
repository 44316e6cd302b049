import { useRef, useState, type FormEvent } from 'react';
import { ACCEPT_ATTRIBUTE } from '@portal/shared/constants';
import type { ArchiveFile, ArchiveVisibility } from '@portal/shared/schemas/content';
import { useConfirm } from '../../../components/useConfirm';
import { useToast } from '../../../components/Toast';
import { useT } from '../../../i18n/locale';
import { LoadState } from '../../../features/content/LoadState';
import { useContent } from '../../../features/content/useContent';
import { staffApi } from '../../../features/staff/staffApi';
import { useFormat } from '../../../features/staff/format';
import { fieldErrors, TextField } from '../../../features/staff/TextField';
import { ui } from '../../../features/staff/ui';
import { uploadFile } from './upload';

/**
 * File Archive (spec 2 §2; Admin and BADC, §6): name, Private or Public, a PDF or image; the table
 * has View, Download and Delete. Public files appear on the visitors' /downloads page.
 */
export default function FileArchive() {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const { data, error, loading, reload, setData } = useContent<ArchiveFile[]>('/api/admin/archive');
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<ArchiveVisibility>('Public');
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = t('v.required');
    if (!file) problems.file = t('content.archive.chooseFile');
    setFields(problems);
    if (!file || Object.keys(problems).length) return;
    setBusy(true);
    try {
      const query = new URLSearchParams({ name: name.trim(), visibility });
      const saved = await uploadFile<ArchiveFile>(`/api/admin/archive?${query}`, file);
      setData((prev) => [saved, ...(prev ?? [])]);
      setName('');
      setFile(null);
      if (input.current) input.current.value = '';
      toast.success(t('content.archive.uploaded'));
    } catch (err) {
      const fe = fieldErrors(err);
      setFields(Object.keys(fe).length ? fe : { file: f.error(err) });
      toast.failure(t('content.archive.uploadFailed', { message: f.error(err) }));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (item: ArchiveFile) => {
    const ok = await confirm({
      title: t('content.confirmDelete'),
      description: item.name,
      confirmLabel: t('content.confirmDeleteYes'),
      tone: 'danger',
    });
    if (!ok) return;
    try {
      await staffApi(`/api/admin/archive/${item.id}`, { method: 'DELETE' });
      setData((prev) => prev?.filter((i) => i.id !== item.id));
      toast.success(t('content.deleted'));
    } catch (err) {
      toast.failure(t('content.deleteFailed', { message: f.error(err) }));
    }
  };

  const fileUrl = (id: string, download: boolean) => `/api/admin/archive/${id}/file${download ? '?download=1' : ''}`;

  const badge = (item: ArchiveFile) => (
    <span
      className={`rounded px-2 py-0.5 text-xs font-semibold ${item.visibility === 'Public' ? 'bg-brand-50 text-brand-900' : 'bg-amber-100 text-amber-900'}`}
    >
      {t(`content.archive.${item.visibility}`)}
    </span>
  );
  const actions = (item: ArchiveFile) => (
    <>
      <a
        href={fileUrl(item.id, false)}
        target="_blank"
        rel="noopener noreferrer"
        className={`${ui.small} border border-gray-300`}
      >
        {t('content.archive.view')}
      </a>
      <a href={fileUrl(item.id, true)} className={`${ui.small} border border-gray-300`}>
        {t('content.archive.download')}
      </a>
      <button
        type="button"
        className={`${ui.small} bg-red-700 font-semibold text-white`}
        onClick={() => void remove(item)}
      >
        {t('content.delete')}
      </button>
    </>
  );

  return (
    <div className="space-y-4">
      <h1 className={ui.h1}>{t('content.archive.title')}</h1>
      <form onSubmit={(e) => void submit(e)} className={`${ui.card} grid max-w-3xl gap-3 sm:grid-cols-2`} noValidate>
        <TextField
          id="archive-name"
          label={t('content.archive.name')}
          value={name}
          onChange={setName}
          maxLength={200}
          error={fields.name}
        />
        <div>
          <label htmlFor="archive-visibility" className={ui.label}>
            {t('content.archive.visibility')}
          </label>
          <select
            id="archive-visibility"
            value={visibility}
            onChange={(e) => setVisibility(e.target.value as ArchiveVisibility)}
            className={ui.input}
          >
            <option value="Public">{t('content.archive.Public')}</option>
            <option value="Private">{t('content.archive.Private')}</option>
          </select>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="archive-file" className={ui.label}>
            {t('content.archive.file')}
          </label>
          <input
            ref={input}
            id="archive-file"
            type="file"
            accept={ACCEPT_ATTRIBUTE}
            required
            aria-invalid={fields.file ? true : undefined}
            aria-describedby={fields.file ? 'archive-file-error' : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="block w-full text-sm file:mr-3 file:min-h-10 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-900"
          />
          {fields.file && (
            <p id="archive-file-error" className={ui.fieldError}>
              {fields.file}
            </p>
          )}
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className={ui.primary} disabled={busy}>
            {busy ? t('content.gallery.uploading') : t('content.archive.upload')}
          </button>
        </div>
      </form>

      <LoadState loading={loading} error={error} reload={reload}>
        {data && data.length === 0 ? (
          <p className="text-gray-600">{t('content.archive.empty')}</p>
        ) : (
          <>
            {/* Phones: one card per file; wider screens: the table of spec 2 §2. */}
            <ul className="space-y-2 md:hidden">
              {data?.map((item) => (
                <li key={item.id} className={`${ui.card} space-y-2`}>
                  <p className="font-semibold break-words">{item.name}</p>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
                    {badge(item)} {f.day(item.createdAt)}
                  </p>
                  <div className="flex flex-wrap gap-2">{actions(item)}</div>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto rounded-lg border border-gray-200 bg-white md:block">
              <table className="w-full text-left text-sm">
                <thead className="bg-gray-50 text-gray-700">
                  <tr>
                    <th className="p-2">{t('content.archive.name')}</th>
                    <th className="p-2">{t('content.archive.visibility')}</th>
                    <th className="p-2">{t('content.archive.date')}</th>
                    <th className="p-2">{t('content.actions')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200">
                  {data?.map((item) => (
                    <tr key={item.id}>
                      <td className="p-2 font-semibold break-words">{item.name}</td>
                      <td className="p-2">{badge(item)}</td>
                      <td className="p-2 whitespace-nowrap">{f.day(item.createdAt)}</td>
                      <td className="p-2">
                        <div className="flex flex-wrap gap-1">{actions(item)}</div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </LoadState>
      {dialog}
    </div>
  );
}
