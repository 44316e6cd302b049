// @vitest-environment node
// (Node's Blob survives fake-indexeddb's structured clone; jsdom's does not.)
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../offline/db';
import { newId } from '../../offline/ids';
import { enqueueApplication } from '../../offline/outbox';
import { file, sampleFields } from '../../offline/test/fixtures';
import { editRefusedApplication } from './editRefused';
import { DRAFT_KEY, FORM_ID, type StoredDraft } from './useDraft';

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
  it('puts its answers and files back into the form under a new id, and takes it off the queue', async () => {
    const id = newId();
    await enqueueApplication({
      clientId: id,
      fields: sampleFields('রহিম'),
      files: [{ slot: 'photo', file: file([1, 2, 3]) }],
    });
    await db.outbox.update(id, { status: 'failed', lastError: { code: 'VALIDATION', messageBn: 'ভুল' } });

    await editRefusedApplication(id);

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
    expect(await db.outbox.count()).toBe(0);
    expect(await db.outboxFiles.count()).toBe(0);
  });
});
