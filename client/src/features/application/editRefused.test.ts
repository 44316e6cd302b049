// @vitest-environment node
// (Node's Blob survives fake-indexeddb's structured clone; jsdom's does not.)
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../offline/db';
import { newId } from '../../offline/ids';
import { enqueue } from '../../offline/outbox';
import { file, sampleFields } from '../../offline/test/fixtures';
import { editRefusedRequest } from './editRefused';
import { DRAFT_KEY, draftKeyOf, FORM_ID, type StoredDraft } from './useDraft';

const store = new Map<string, string>();
globalThis.localStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
  key: () => null,
  length: 0,
} as Storage;

beforeEach(async () => {
  store.clear();
  await Promise.all([db.outbox.clear(), db.outboxFiles.clear(), db.draftFiles.clear()]);
});

describe('correcting an application the server refused', () => {
  it('puts its answers and files back into the form under a new id, and takes it off the queue once corrected', async () => {
    const id = newId();
    await enqueue('New', {
      clientId: id,
      fields: sampleFields('রহিম'),
      files: [{ slot: 'photo', file: file([1, 2, 3]) }],
    });
    await db.outbox.update(id, { status: 'failed', lastError: { code: 'VALIDATION', messageBn: 'ভুল' } });

    expect(await editRefusedRequest(id)).toBe('/new-application');

    const draft = JSON.parse(store.get(DRAFT_KEY)!) as StoredDraft;
    expect(draft.clientId).not.toBe(id);
    expect(draft.values).toMatchObject({
      applicantName: 'রহিম',
      mobile: '01712345678',
      wellSize: '0.5',
      advanceFee: '500',
      agreed: false,
      motherName: '',
    });
    const files = await db.draftFiles.where('formId').equals(FORM_ID).toArray();
    expect(files.map((f) => [f.slot, f.name, f.blob.size])).toEqual([['photo', 'photo.jpg', 3]]);
    // Still on the queue, marked, until the corrected application is queued in its place.
    expect(await db.outbox.get(id)).toMatchObject({ status: 'failed', replacedBy: draft.clientId });

    await enqueue('New', {
      clientId: draft.clientId,
      fields: sampleFields('রহিম উদ্দিন'),
      files: [{ slot: 'photo', file: file([1, 2, 3]) }],
    });
    expect((await db.outbox.toArray()).map((i) => i.id)).toEqual([draft.clientId]);
    expect((await db.outboxFiles.toArray()).map((f) => f.itemId)).toEqual([draft.clientId]);
  });

  it('keeps the refused application on the phone when the browser is killed before the draft reached the disk', async () => {
    const id = newId();
    await enqueue('New', {
      clientId: id,
      fields: sampleFields('করিম'),
      files: [{ slot: 'photo', file: file([4, 5, 6]) }],
    });
    await db.outbox.update(id, { status: 'failed', lastError: { code: 'VALIDATION', messageBn: 'ভুল' } });

    await editRefusedRequest(id);
    // Chromium writes localStorage to disk seconds late: a kill now loses the draft's answers.
    store.clear();

    const kept = await db.outbox.get(id);
    expect(kept).toMatchObject({ status: 'failed', label: expect.stringContaining('করিম') });
    expect(await db.outboxFiles.where('itemId').equals(id).count()).toBe(1);
    // And it can be taken into the form again.
    await editRefusedRequest(id);
    expect((JSON.parse(store.get(DRAFT_KEY)!) as StoredDraft).values.applicantName).toBe('করিম');
  });

  it("takes a refused renewal back into the renewal form, and a name change into its application's change form", async () => {
    const renewal = newId();
    await enqueue('Renew', {
      clientId: renewal,
      fields: { licenceNumber: '৪৩২১', mobile: '01712345678', applicantName: 'রহিম' } as never,
      files: [{ slot: 'photo', file: file([7, 8]) }],
    });
    await db.outbox.update(renewal, { status: 'failed', lastError: { code: 'VALIDATION', messageBn: 'ভুল' } });
    expect(await editRefusedRequest(renewal)).toBe('/renew-application');
    const renewDraft = JSON.parse(store.get(draftKeyOf('renew-application'))!) as StoredDraft;
    expect(renewDraft.values).toMatchObject({ licenceNumber: '৪৩২১', applicantName: 'রহিম', agreed: false });
    expect(await db.draftFiles.where('formId').equals('renew-application').count()).toBe(1);

    const change = newId();
    await enqueue('NameChange', {
      clientId: change,
      fields: { applicationId: 'app-7', newApplicantName: 'সালমা খাতুন', mobile: '01712345678' } as never,
      files: [],
    });
    await db.outbox.update(change, { status: 'failed', lastError: { code: 'VALIDATION', messageBn: 'ভুল' } });
    expect(await editRefusedRequest(change)).toBe('/verification/2');
    const changeDraft = JSON.parse(store.get(draftKeyOf('name-change:app-7'))!) as StoredDraft;
    expect(changeDraft.values).toMatchObject({ applicationId: 'app-7', newApplicantName: 'সালমা খাতুন' });
    // The new-licence form's draft is not touched by either.
    expect(store.get(DRAFT_KEY)).toBeUndefined();
  });
});
