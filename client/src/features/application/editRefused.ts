import { db } from '../../offline/db';
import { newId } from '../../offline/ids';
import { emptyKindValues, KIND_FORMS, type FormKind, type KindValues } from '../intake/kindForms';
import { draftKeyOf, type StoredDraft } from './useDraft';

/**
 * A request the server refused goes back into its form, with its files, so the person corrects
 * it instead of typing it all again (spec README defect 5: a way on after every failure). Every
 * kind a citizen fills in has its form; a change request's draft is the one of the application it
 * is about, so the change form finds it once the mobile is verified again.
 *
 * The corrected request gets a new id: the old one may already be taken on the server. The refused
 * item stays in the outbox, marked with that new id, until the corrected one is queued (outbox.ts):
 * the draft's answers live in localStorage, which a killed browser may lose, and then the person
 * still finds the refused request on /saved (docs/decisions/012-offline-queue-truth.md).
 *
 * Returns where the form is, or null when the item cannot be edited (gone, or not a form's).
 */
export async function editRefusedRequest(itemId: string): Promise<string | null> {
  const clientId = newId();
  const found = await db.transaction('rw', db.outbox, db.outboxFiles, db.draftFiles, async () => {
    const item = await db.outbox.get(itemId);
    // 'application' is a new-licence item queued by the version before request kinds (decision 023).
    const kind = (item?.kind === 'application' ? 'New' : item?.kind) as FormKind | undefined;
    if (!item || !kind || !(kind in KIND_FORMS)) return null;
    const form = KIND_FORMS[kind];
    const sent = (item.payload as { fields?: Record<string, unknown> }).fields ?? {};
    const values: KindValues = emptyKindValues(kind);
    for (const k of [...form.fields, ...form.hidden])
      if (sent[k] !== undefined && sent[k] !== null) values[k] = String(sent[k]);
    const about = typeof sent.applicationId === 'string' ? sent.applicationId : null;
    const formId = form.hidden.includes('applicationId') && about ? `${form.formId}:${about}` : form.formId;
    const files = await db.outboxFiles.where('itemId').equals(itemId).toArray();
    await db.draftFiles.where('formId').equals(formId).delete();
    await db.draftFiles.bulkPut(files.map((f) => ({ formId, slot: f.slot, blob: f.blob, name: f.name })));
    await db.outbox.update(itemId, { replacedBy: clientId });
    return { formId, values, path: form.path };
  });
  if (!found) return null;
  localStorage.setItem(
    draftKeyOf(found.formId),
    JSON.stringify({ clientId, values: found.values } satisfies StoredDraft),
  );
  return found.path;
}
