import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { adoptingFirstScreen } from '../../adoption';
import { newId } from '../../offline/ids';
import type { PickedFile } from '../../components/form/FileSlot';
import type { KindValues } from '../intake/kindForms';
import type { PickedFiles } from '../intake/validateKind';

/** The new-licence form's draft: its name is kept from before the other kinds joined, so old drafts survive. */
export const FORM_ID = 'new-application';
export const draftKeyOf = (formId: string) => `draft:${formId}`;
export const DRAFT_KEY = draftKeyOf(FORM_ID);

/** IndexedDB (Dexie) is loaded after the form has painted: the draft's files can wait a moment. */
const loadDb = async () => (await import('../../offline/db')).db;
const draftFiles = async () => (await loadDb()).draftFiles;

export interface StoredDraft {
  clientId: string;
  values: KindValues;
}

function readDraft(key: string, empty: () => KindValues): StoredDraft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as StoredDraft;
    return { clientId: d.clientId, values: { ...empty(), ...d.values } };
  } catch {
    return null;
  }
}

/**
 * A form's draft survives a reload or a closed tab: values in localStorage as the person types,
 * picked files in IndexedDB, both under the form's id (one per kind; a change form's id names the
 * application it is about). The draft's clientId is the future outbox id, so pressing submit
 * twice can never make two requests. `start` is what a form without a draft begins with (blank,
 * or prefilled from the verified application for a change).
 *
 * A draft whose clientId is already in the outbox is not a draft (docs/decisions/012): the
 * request was queued and a browser killed just after lost the draft's removal from
 * localStorage. It is discarded on opening, with any files left of it, and `alreadyQueued` names
 * the queued item so the screen shows where it stands instead of a form to send it again.
 */
export function useDraft(formId: string, start: () => KindValues) {
  const key = draftKeyOf(formId);
  const [initial] = useState(() => readDraft(key, start));
  // Adopting the server's first screen (docs/decisions/046), the first render is the form the
  // server drew (no draft), so React adopts its elements instead of drawing the page afresh a
  // moment after it went live, with an empty field a person could already type into. The draft
  // comes in a layout effect: a render before the screen is painted or made live.
  const [adopting] = useState(adoptingFirstScreen);
  const [clientId, setClientId] = useState(() => initial?.clientId ?? newId());
  const [values, setValues] = useState<KindValues>(() => (!adopting && initial?.values) || start());
  const [files, setFiles] = useState<PickedFiles>({});
  const [restored, setRestored] = useState(!adopting && initial !== null);
  const [alreadyQueued, setAlreadyQueued] = useState<string | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const startRef = useRef(start);
  startRef.current = start;
  // The draft is saved under the id the form has when the save runs, not the one it had when the
  // key was pressed: a prefill typed while the opening check drops a queued draft must not write
  // the queued id back (it would be offered again as a draft at the next opening).
  const clientIdRef = useRef(clientId);
  clientIdRef.current = clientId;

  useLayoutEffect(() => {
    if (!adopting || !initial) return;
    setValues(initial.values);
    setRestored(true);
  }, [adopting, initial]);

  useEffect(() => {
    let live = true;
    loadDb()
      .then(async (db) => {
        const queued = initial ? await db.outbox.get(initial.clientId) : undefined;
        if (!queued) return db.draftFiles.where('formId').equals(formId).toArray();
        clearTimeout(saveTimer.current);
        localStorage.removeItem(key);
        // From here a save writes the new id, even one armed before the next render.
        const fresh = newId();
        clientIdRef.current = fresh;
        if (live) {
          setValues(startRef.current());
          setClientId(fresh);
          setRestored(false);
          setAlreadyQueued(queued.id);
        }
        await db.draftFiles.where('formId').equals(formId).delete();
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
  }, [initial, formId, key]);

  const setValue = useCallback(
    (name: string, value: string | boolean) => {
      setValues((prev) => {
        const next = { ...prev, [name]: value };
        clearTimeout(saveTimer.current);
        saveTimer.current = setTimeout(() => {
          try {
            localStorage.setItem(
              key,
              JSON.stringify({ clientId: clientIdRef.current, values: next } satisfies StoredDraft),
            );
          } catch {
            /* storage full: typing goes on; the draft is a convenience */
          }
        }, 300);
        return next;
      });
    },
    [key],
  );

  const setFile = useCallback(
    (slot: string, file: PickedFile | null) => {
      setFiles((prev) => ({ ...prev, [slot]: file ?? undefined }));
      const write = draftFiles().then((table): Promise<unknown> =>
        file ? table.put({ formId, slot, blob: file, name: file.name }) : table.delete([formId, slot]),
      );
      // Without IndexedDB the file stays in memory only; it would have to be picked again after a reload.
      write.catch(() => undefined);
    },
    [formId],
  );

  /** After the request is queued (or when the person starts again): a fresh form and a new id. */
  const reset = useCallback(async () => {
    clearTimeout(saveTimer.current);
    localStorage.removeItem(key);
    // The new id at once (a render during the wait below must not bring the old one back).
    const fresh = newId();
    clientIdRef.current = fresh;
    setClientId(fresh);
    await draftFiles()
      .then((table) => table.where('formId').equals(formId).delete())
      .catch(() => undefined);
    setValues(startRef.current());
    setFiles({});
    setRestored(false);
  }, [formId, key]);

  return { clientId, values, setValue, files, setFile, restored, reset, alreadyQueued };
}
