import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SiteHeader } from '../features/home/SiteHeader';
import { resetMeForTests } from '../features/staff/useMe';
import { db, type OutboxItem, type OutboxStatus } from './db';
import { newId } from './ids';
import { countUnsent, DB_NAME } from './unsent';

/**
 * IndexedDB is the one truth about what is queued (docs/decisions/012-offline-queue-truth.md):
 * the cheap start-up question reads it directly, and nothing in localStorage decides it.
 */
const item = (status: OutboxStatus): OutboxItem => ({
  id: newId(),
  kind: 'application',
  createdAt: Date.now(),
  status,
  attempts: 0,
  nextAttemptAt: 0,
  payload: {},
  label: 'রহিম উদ্দিন',
  filesTotal: 0,
  filesUploaded: 0,
});

beforeEach(async () => {
  localStorage.clear();
  resetMeForTests();
  vi.stubGlobal('fetch', async () => new Response(null, { status: 401 }));
  await db.outbox.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('what is still to be sent, asked of IndexedDB', () => {
  it('counts saved, sending and files-pending items, not received, failed or conflicting ones', async () => {
    await db.outbox.bulkAdd([item('saved'), item('files-pending'), item('sending'), item('received'), item('failed')]);
    await db.outbox.add(item('conflict'));
    expect(await countUnsent()).toBe(3);
    await db.outbox.where('status').anyOf(['saved', 'sending', 'files-pending']).delete();
    expect(await countUnsent()).toBe(0);
  });

  it('answers 0 on a device that never queued anything, without creating the database', async () => {
    db.close();
    await new Promise<void>((resolve, reject) => {
      const del = indexedDB.deleteDatabase(DB_NAME);
      del.onsuccess = () => resolve();
      del.onerror = () => reject(del.error);
    });
    expect(await countUnsent()).toBe(0);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(DB_NAME);
    // Dexie still creates and opens it afterwards, at its own version.
    await db.open();
    await db.outbox.add(item('saved'));
    expect(await countUnsent()).toBe(1);
  });

  it('shows the header reminder for an item queued before the browser was killed, with nothing in localStorage', async () => {
    await db.outbox.add(item('saved'));
    expect(localStorage.length).toBe(0);
    render(
      <MemoryRouter>
        <SiteHeader title="সেচ লাইসেন্স" />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('unsent-indicator', undefined, { timeout: 5_000 })).toBeTruthy();
  });
});
