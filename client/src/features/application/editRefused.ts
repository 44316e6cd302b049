import { db } from '../../offline/db';
import { newId } from '../../offline/ids';
import { emptyValues, TEXT_FIELDS, type FormValues } from './formValues';
import { DRAFT_KEY, FORM_ID, type StoredDraft } from './useDraft';

/**
 * An application the server refused goes back into the form, with its files, so the person
 * corrects it instead of typing it all again (spec README defect 5: a way on after every
 * failure). It gets a new id: the old one may already be taken on the server. The refused item
 * stays in the outbox, marked with that new id, until the corrected one is queued (outbox.ts): the
 * draft's answers live in localStorage, which a killed browser may lose, and then the person still
 * finds the refused application on /saved (docs/decisions/012-offline-queue-truth.md).
 */
export async function editRefusedApplication(itemId: string): Promise<void> {
  const clientId = newId();
  const values = await db.transaction('rw', db.outbox, db.outboxFiles, db.draftFiles, async () => {
    const item = await db.outbox.get(itemId);
    // 'application' is a new-licence item queued by the version before request kinds (decision 023).
    if (!item || (item.kind !== 'New' && item.kind !== 'application')) return null;
    const sent = (item.payload as { fields?: Record<string, unknown> }).fields ?? {};
    const answers: FormValues = { ...emptyValues(), agreed: false };
    for (const k of TEXT_FIELDS) if (sent[k] !== undefined && sent[k] !== null) answers[k] = String(sent[k]);
    const files = await db.outboxFiles.where('itemId').equals(itemId).toArray();
    await db.draftFiles.where('formId').equals(FORM_ID).delete();
    await db.draftFiles.bulkPut(files.map((f) => ({ formId: FORM_ID, slot: f.slot, blob: f.blob, name: f.name })));
    await db.outbox.update(itemId, { replacedBy: clientId });
    return answers;
  });
  if (values) localStorage.setItem(DRAFT_KEY, JSON.stringify({ clientId, values } satisfies StoredDraft));
}
