import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { Locality } from '@portal/shared/schemas/settings';
import { Modal } from '../../components/ConfirmDialog';
import { useConfirm } from '../../components/useConfirm';
import { useToast } from '../../components/Toast';
import { useT } from '../../i18n/locale';
import { staffApi } from '../../features/staff/staffApi';
import { useFormat } from '../../features/staff/format';
import { fieldErrors, TextField } from '../../features/staff/TextField';
import { ui } from '../../features/staff/ui';

/**
 * The Union Porisod and Post Office lists under Base Setting (spec 2 §2): add by name, edit in an
 * 'Update Data' dialog, delete after 'Are you sure to Delete?'. The application form offers them.
 */
type Kind = Locality['kind'];
type Lists = { unions: Locality[]; posts: Locality[] };

function Panel({ kind, items, reload }: { kind: Kind; items: Locality[]; reload: () => void }) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<Locality | null>(null);
  const [editName, setEditName] = useState('');
  const [editError, setEditError] = useState<string | undefined>();
  const title = t(kind === 'union' ? 'staff.locality.union' : 'staff.locality.post');

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setAddError(t('v.required'));
    setAddError(undefined);
    setBusy(true);
    try {
      await staffApi('/api/admin/localities', { method: 'POST', json: { kind, name: name.trim() } });
      setName('');
      toast.success(t('staff.locality.added'));
      reload();
    } catch (err) {
      setAddError(fieldErrors(err).name ?? f.error(err));
      toast.failure(t('staff.locality.failed', { message: f.error(err) }));
    } finally {
      setBusy(false);
    }
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    if (!editName.trim()) return setEditError(t('v.required'));
    setBusy(true);
    try {
      await staffApi(`/api/admin/localities/${editing.id}`, { method: 'PUT', json: { kind, name: editName.trim() } });
      setEditing(null);
      toast.success(t('staff.locality.updated'));
      reload();
    } catch (err) {
      setEditError(fieldErrors(err).name ?? f.error(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (item: Locality) => {
    const ok = await confirm({
      title: t('staff.locality.deleteConfirm', { name: item.name }),
      confirmLabel: t('staff.locality.delete'),
      cancelLabel: t('common.cancel'),
      tone: 'danger',
    });
    if (!ok) return;
    try {
      await staffApi(`/api/admin/localities/${item.id}`, { method: 'DELETE' });
      toast.success(t('staff.locality.deleted'));
      reload();
    } catch (err) {
      toast.failure(t('staff.locality.failed', { message: f.error(err) }));
    }
  };

  return (
    <section className={`${ui.card} space-y-3`} aria-labelledby={`${kind}-title`}>
      <h2 id={`${kind}-title`} className="text-lg font-bold text-brand-900">
        {title}
      </h2>
      <form onSubmit={(e) => void add(e)} className="flex items-end gap-2" noValidate>
        <div className="flex-1">
          <TextField
            id={`${kind}-new`}
            label={t('staff.locality.name')}
            value={name}
            onChange={setName}
            error={addError}
            maxLength={120}
          />
        </div>
        <button type="submit" className={ui.primary} disabled={busy}>
          {t('staff.locality.add')}
        </button>
      </form>
      {items.length === 0 ? (
        <p className="text-gray-600">{t('staff.locality.empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-200">
          {items.map((item, i) => (
            <li key={item.id} className="flex items-center gap-2 py-2">
              <span className="w-8 text-sm text-gray-500">{f.num(i + 1)}</span>
              <span className="flex-1 break-words">{item.name}</span>
              <button
                type="button"
                className={`${ui.small} border border-gray-300 bg-white hover:bg-gray-100`}
                onClick={() => {
                  setEditing(item);
                  setEditName(item.name);
                  setEditError(undefined);
                }}
              >
                {t('staff.locality.edit')}
              </button>
              <button
                type="button"
                className={`${ui.small} border border-red-300 bg-white text-red-800 hover:bg-red-50`}
                onClick={() => void remove(item)}
              >
                {t('staff.locality.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        title={t('staff.locality.updateTitle')}
      >
        <form onSubmit={(e) => void save(e)} className="space-y-4" noValidate>
          <TextField
            id={`${kind}-edit`}
            label={t('staff.locality.name')}
            value={editName}
            onChange={setEditName}
            error={editError}
            maxLength={120}
          />
          <div className="flex justify-end gap-2">
            <button type="button" className={ui.secondary} onClick={() => setEditing(null)}>
              {t('common.cancel')}
            </button>
            <button type="submit" className={ui.primary} disabled={busy}>
              {t('common.save')}
            </button>
          </div>
        </form>
      </Modal>
      {dialog}
    </section>
  );
}

export default function LocalityLists() {
  const t = useT();
  const f = useFormat();
  const [lists, setLists] = useState<Lists | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(() => {
    setError(null);
    staffApi<Lists>('/api/public/localities').then(setLists, (e: unknown) => setError(e));
  }, []);
  useEffect(load, [load]);

  if (error !== null) {
    return (
      <div role="alert" className={ui.alertError}>
        <p>{f.error(error)}</p>
        <button type="button" className={`${ui.danger} mt-2`} onClick={load}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!lists) return <p role="status">{t('common.loading')}</p>;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Panel kind="union" items={lists.unions} reload={load} />
      <Panel kind="post" items={lists.posts} reload={load} />
    </div>
  );
}
