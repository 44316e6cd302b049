import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { db, type OutboxItem } from '../../offline/db';
import { resetMeForTests, setSignedIn } from '../staff/useMe';
import { ConflictNotice } from './ConflictNotice';
import { buildRequest } from './officerAction';
import { applicationDetail } from './test/applicationDetail';

const APP = '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5';
const OFFICER = { id: 21, email: 'badc@example.org' };
const OTHER = { id: 22, email: 'other.badc@example.org' };

function current(over: Partial<ApplicationDetail>): ApplicationDetail {
  return applicationDetail({
    id: APP,
    recheck: { requested: true, message: 'দলিল দিন' },
    audit: [
      {
        at: '2026-11-20T05:00:00Z',
        actor: 'other@badc.gov.bd',
        action: 'requestRecheck',
        fromStage: 'Pending',
        toStage: 'Pending',
        note: null,
      },
    ],
    allowedActions: ['requestRecheck', 'decideFirst'],
    ...over,
  });
}

async function conflictItem(detail: ApplicationDetail, officer = OFFICER): Promise<OutboxItem> {
  const request = buildRequest('decideFirst', 3, { approvable: false, reason: 'দূরত্ব কম' });
  const item: OutboxItem = {
    id: request.clientActionId,
    kind: 'officerAction',
    createdAt: Date.now(),
    status: 'conflict',
    attempts: 1,
    nextAttemptAt: 0,
    payload: request,
    label: 'আবেদন নং ১২: প্রাথমিক সিদ্ধান্ত',
    applicationId: APP,
    officer,
    current: detail,
    filesTotal: 0,
    filesUploaded: 0,
  };
  await db.outbox.put(item);
  return item;
}

beforeEach(() => {
  resetMeForTests();
  setSignedIn({ ...OFFICER, name: null, role: 'BADC', mustChangePassword: false });
  // No connection: the re-applied decision stays queued, as in the field.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(async () => {
  vi.restoreAllMocks();
  cleanup();
  await db.outbox.clear();
});

describe('ConflictNotice (docs/decisions/018-service-targets.md: nothing is overwritten silently)', () => {
  it('shows what the officer decided and the state the application is in now', async () => {
    const item = await conflictItem(current({}));
    render(<ConflictNotice item={item} />);
    expect(screen.getByText(bn['decisions.first.no'])).toBeTruthy();
    expect(screen.getByText('দূরত্ব কম')).toBeTruthy();
    expect(screen.getByText(/প্রক্রিয়াধীন \(সংস্করণ ৫\)/)).toBeTruthy();
    expect(screen.getByText(/other@badc\.gov\.bd/)).toBeTruthy();
  });

  it('re-applies the decision on the current version with a new id, replacing the conflicted one', async () => {
    const item = await conflictItem(current({}));
    render(<ConflictNotice item={item} />);
    fireEvent.click(screen.getByRole('button', { name: bn['decisions.conflict.reapply'] }));
    await waitFor(async () => expect(await db.outbox.get(item.id)).toBeUndefined());
    const queued = await db.outbox.toArray();
    expect(queued).toHaveLength(1);
    const request = queued[0]!.payload as { action: string; version: number; clientActionId: string; payload: unknown };
    expect(queued[0]!.status).toBe('saved');
    expect(request.action).toBe('decideFirst');
    expect(request.version).toBe(5);
    expect(request.clientActionId).not.toBe(item.id);
    expect(request.payload).toEqual({ approvable: false, reason: 'দূরত্ব কম' });
    // Re-applied by its own officer, and still theirs.
    expect(queued[0]!.officer).toEqual(OFFICER);
    expect(queued[0]!.payload).toMatchObject({ officerId: OFFICER.id });
  });

  it("shows another officer's conflicting decision as theirs, with nothing to discard or re-apply under this officer", async () => {
    const item = await conflictItem(current({}), OTHER);
    render(<ConflictNotice item={item} />);
    expect(screen.getByText(/other\.badc@example\.org-এর/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: bn['decisions.conflict.reapply'] })).toBeNull();
    expect(screen.queryByRole('button', { name: bn['decisions.conflict.discard'] })).toBeNull();
    expect(await db.outbox.get(item.id)).toBeTruthy();
  });

  it('offers only discarding when the decision no longer fits, and discarding removes it', async () => {
    const item = await conflictItem(
      current({ stage: 'Approvable', allowedActions: ['updateFinal', 'approve', 'decline'] }),
    );
    render(<ConflictNotice item={item} />);
    expect(screen.getByText(bn['decisions.conflict.notAllowedNow'])).toBeTruthy();
    expect(screen.queryByRole('button', { name: bn['decisions.conflict.reapply'] })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: bn['decisions.conflict.discard'] }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });
});
