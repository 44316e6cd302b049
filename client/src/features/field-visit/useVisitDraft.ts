import { useCallback, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { VISIT_PHOTO_LIMIT, type VisitRequest } from '@portal/shared/schemas/visits';
import { db, type DraftFile, type QueuedBy } from '../../offline/db';
import { newId } from '../../offline/ids';
import { enqueueVisit } from '../../offline/outbox';
import { resizePhoto } from './resize';
import { insideBangladesh } from '@portal/shared/geo/geo';
import { GPS_WARN_METRES } from '../map/coords';

/**
 * The visit being made on an application, kept on the phone until the officer submits it
 * (docs/decisions/032-visit-on-the-phone.md): the resized photos with their time and place in
 * IndexedDB (draftFiles, like a form's picked files), the position and notes in localStorage like
 * a form's values. A reload, with or without signal, finds them again.
 */

/** A pin placed by hand is recorded as this precise: the GPS warning's threshold, not better. */
export const HAND_PIN_ACCURACY_M = GPS_WARN_METRES;
/** A file's own time is believed only if it is recent: older (a gallery picture) is "now". */
const FILE_TIME_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface DraftPosition {
  latitude: number;
  longitude: number;
  accuracyM: number;
  /** False: the pin was placed or moved by hand. */
  gps: boolean;
}

interface DraftMeta {
  startedAt: string;
  position: DraftPosition | null;
  notes: string;
}

const formIdOf = (applicationId: string) => `visit:${applicationId}`;
const metaKey = (applicationId: string) => `portal-visit-draft:${applicationId}`;

function readMeta(applicationId: string): DraftMeta | null {
  try {
    const raw = localStorage.getItem(metaKey(applicationId));
    return raw ? (JSON.parse(raw) as DraftMeta) : null;
  } catch {
    return null;
  }
}

function writeMeta(applicationId: string, meta: DraftMeta | null): void {
  try {
    if (meta) localStorage.setItem(metaKey(applicationId), JSON.stringify(meta));
    else localStorage.removeItem(metaKey(applicationId));
  } catch {
    /* storage full or blocked: the draft lives on the screen only */
  }
}

/** When a photo was taken: the file's own time if it is recent (the camera just wrote it), else now. */
export function takenAtOf(lastModified: number | undefined, now: number): string {
  const recent = lastModified !== undefined && lastModified <= now && now - lastModified < FILE_TIME_WINDOW_MS;
  return new Date(recent ? lastModified : now).toISOString();
}

/**
 * Where the phone is now, if it can say within a few seconds; else null (the photo keeps no place).
 * A place outside Bangladesh (a phone's stale or spoofed fix) would make the server refuse the whole
 * visit, so it is dropped here.
 */
function currentPlace(): Promise<{ latitude: number; longitude: number } | null> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const place = { latitude: p.coords.latitude, longitude: p.coords.longitude };
        resolve(insideBangladesh(place) ? place : null);
      },
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 8_000, maximumAge: 60_000 },
    ),
  );
}

export type VisitDraft = ReturnType<typeof useVisitDraft>;

export function useVisitDraft(applicationId: string) {
  const formId = formIdOf(applicationId);
  const [meta, setMeta] = useState<DraftMeta | null>(() => readMeta(applicationId));
  const [preparing, setPreparing] = useState(0);
  const [photoError, setPhotoError] = useState(false);
  const stored = useLiveQuery(
    async () =>
      (await db.draftFiles.where('formId').equals(formId).toArray()).sort((a, b) => (a.slot < b.slot ? -1 : 1)),
    [formId],
  );
  const photos = useMemo(() => stored ?? [], [stored]);

  const update = useCallback(
    (change: Partial<DraftMeta>) =>
      setMeta((m) => {
        const next: DraftMeta = { startedAt: new Date().toISOString(), position: null, notes: '', ...m, ...change };
        writeMeta(applicationId, next);
        return next;
      }),
    [applicationId],
  );

  const addPhotos = useCallback(
    async (files: File[]) => {
      setPhotoError(false);
      const room = VISIT_PHOTO_LIMIT - (await db.draftFiles.where('formId').equals(formId).count());
      const taken = files.slice(0, Math.max(0, room));
      if (taken.length === 0) return;
      update({});
      setPreparing((n) => n + taken.length);
      const place = await currentPlace();
      for (const [i, file] of taken.entries()) {
        try {
          const blob = await resizePhoto(file);
          const row: DraftFile = {
            formId,
            // Sorts in the order the photos were added.
            slot: `${Date.now().toString(36).padStart(10, '0')}-${i}`,
            blob,
            name: file.name,
            takenAt: takenAtOf(file.lastModified, Date.now()),
            ...(place ?? {}),
          };
          await db.draftFiles.put(row);
        } catch {
          setPhotoError(true);
        } finally {
          setPreparing((n) => n - 1);
        }
      }
    },
    [formId, update],
  );

  const removePhoto = useCallback((slot: string) => db.draftFiles.delete([formId, slot]), [formId]);

  const position = meta?.position ?? null;
  const notes = meta?.notes ?? '';
  const isEmpty = photos.length === 0 && !position && !notes.trim();

  /**
   * Queues the visit (with the checklist and the decision it carried), dropping the draft's photos
   * in the same IndexedDB transaction, then forgets the draft's position and notes.
   */
  const queue = useCallback(
    async (input: {
      officer: QueuedBy;
      label: string;
      checklist?: VisitRequest['checklist'];
      decision: VisitRequest['decision'];
    }) => {
      const visit = await enqueueVisit({
        applicationId,
        label: input.label,
        officer: input.officer,
        draftFormId: formId,
        visit: {
          clientVisitId: newId(),
          visitedAt: meta?.startedAt ?? new Date().toISOString(),
          position: position
            ? { latitude: position.latitude, longitude: position.longitude, accuracyM: position.accuracyM }
            : null,
          ...(input.checklist ? { checklist: input.checklist } : {}),
          ...(notes.trim() ? { notes: notes.trim() } : {}),
          decision: input.decision,
        },
        photos: photos.map((p) => ({
          blob: p.blob,
          takenAt: p.takenAt ?? new Date().toISOString(),
          ...(p.latitude !== undefined && p.longitude !== undefined
            ? { latitude: p.latitude, longitude: p.longitude }
            : {}),
        })),
      });
      writeMeta(applicationId, null);
      setMeta(null);
      return visit;
    },
    [applicationId, formId, meta, notes, photos, position],
  );

  return {
    photos,
    preparing,
    photoError,
    addPhotos,
    removePhoto,
    position,
    setPosition: (p: DraftPosition | null) => update({ position: p }),
    notes,
    setNotes: (n: string) => update({ notes: n }),
    isEmpty,
    queue,
  };
}
