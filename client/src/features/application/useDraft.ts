import { useCallback, useEffect, useRef, useState } from 'react';
import { newId } from '../../offline/ids';
import type { PickedFile } from '../../components/form/FileSlot';
import { emptyValues, type FormValues } from './formValues';
import type { PickedFiles } from './validate';

export const FORM_ID = 'new-application';
export const DRAFT_KEY = `draft:${FORM_ID}`;

/** IndexedDB (Dexie) is loaded after the form has painted: the draft's files can wait a moment. */
const loadDb = async () => (await import('../../offline/db')).db;
const draftFiles = async () => (await loadDb()).draftFiles;

export interface StoredDraft {
  clientId: string;
  values: FormValues;
}

function readDraft(): StoredDraft | null {
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const d = JSON.parse(raw) as StoredDraft;
    return { clientId: d.clientId, values: { ...emptyValues(), ...d.values } };
  } catch {
    return null;
  }
}

/**
 * The form's draft survives a reload or a closed tab: values in localStorage as the person types,
 * picked files in IndexedDB. The draft's clientId is the future outbox id, so pressing submit
 * twice can never make two applications.
 *
 * A draft whose clientId is already in the outbox is not a draft (docs/decisions/012): the
 * application was queued and a browser killed just after lost the draft's removal from
 * localStorage. It is discarded on opening, with any files left of it, and `alreadyQueued` names
 * the queued application so the screen shows where it stands instead of a form to send it again.
 */
export function useDraft() {
  const [initial] = useState(readDraft);
  const [clientId, setClientId] = useState(() => initial?.clientId ?? newId());
  const [values, setValues] = useState<FormValues>(() => initial?.values ?? emptyValues());
  const [files, setFiles] = useState<PickedFiles>({});
  const [restored, setRestored] = useState(initial !== null);
  const [alreadyQueued, setAlreadyQueued] = useState<string | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    let live = true;
    loadDb()
      .then(async (db) => {
        const queued = initial ? await db.outbox.get(initial.clientId) : undefined;
        if (!queued) return db.draftFiles.where('formId').equals(FORM_ID).toArray();
        clearTimeout(saveTimer.current);
        localStorage.removeItem(DRAFT_KEY);
        await db.draftFiles.where('formId').equals(FORM_ID).delete();
        if (live) {
          setValues(emptyValues());
          setClientId(newId());
          setRestored(false);
          setAlreadyQueued(queued.id);
        }
        return [];
      })
      .then((rows) => {
        if (!live || rows.length === 0) return;
        setFiles(
          Object.fromEntries(
            rows.map((r) => [
              r.slot,
              r.blob instanceof File ? r.blob : new File([r.blob], r.name, { type: r.blob.type }),
            ]),
          ),
        );
        setRestored(true);
      })
      .catch(() => {
        /* no IndexedDB: the files must be picked again */
      });
    return () => {
      live = false;
    };
  }, [initial]);

  const setValue = useCallback(
    <K extends keyof FormValues>(name: K, value: FormValues[K]) => {
      setValues((prev) => {
        const next = { ...prev, [name]: value };
        clearTimeout(saveTimer.current);
        saveTimer.current = setTimeout(() => {
          try {
            localStorage.setItem(DRAFT_KEY, JSON.stringify({ clientId, values: next } satisfies StoredDraft));
          } catch {
            /* storage full: typing goes on; the draft is a convenience */
          }
        }, 300);
        return next;
      });
    },
    [clientId],
  );

  const setFile = useCallback((slot: string, file: PickedFile | null) => {
    setFiles((prev) => ({ ...prev, [slot]: file ?? undefined }));
    const write = draftFiles().then((table): Promise<unknown> =>
      file ? table.put({ formId: FORM_ID, slot, blob: file, name: file.name }) : table.delete([FORM_ID, slot]),
    );
    // Without IndexedDB the file stays in memory only; it would have to be picked again after a reload.
    write.catch(() => undefined);
  }, []);

  /** After the application is queued (or when the person starts again): a fresh form and a new id. */
  const reset = useCallback(async () => {
    clearTimeout(saveTimer.current);
    localStorage.removeItem(DRAFT_KEY);
    await draftFiles()
      .then((table) => table.where('formId').equals(FORM_ID).delete())
      .catch(() => undefined);
    setValues(emptyValues());
    setFiles({});
    setClientId(newId());
    setRestored(false);
  }, []);

  return { clientId, values, setValue, files, setFile, restored, reset, alreadyQueued };
}
