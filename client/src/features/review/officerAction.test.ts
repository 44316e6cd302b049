import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../offline/db';
import { buildRequest, sendOfficerAction, waitForOutcome } from './officerAction';

const APP = '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5';
const OFFICER = { id: 12, email: 'badc@example.org' };

afterEach(async () => {
  await db.outbox.clear();
});

describe('officer decisions through the outbox (docs/decisions/018-service-targets.md)', () => {
  it('queues the decision with a fresh id and the version the officer saw', async () => {
    const request = buildRequest('decline', 7, { reason: 'কাগজ অসম্পূর্ণ' });
    const waiting = sendOfficerAction(APP, request, 'আবেদন নং ১২: নামঞ্জুর', OFFICER);
    // The item is on the device before any answer.
    await expect.poll(() => db.outbox.get(request.clientActionId)).toBeTruthy();
    const item = (await db.outbox.get(request.clientActionId))!;
    expect(item).toMatchObject({
      kind: 'officerAction',
      status: 'saved',
      applicationId: APP,
      payload: { action: 'decline', version: 7, officerId: OFFICER.id },
      // Whose decision it is: sent only under this officer's session (decision 012).
      officer: OFFICER,
    });
    await db.outbox.update(item.id, { status: 'received' });
    await expect(waiting).resolves.toEqual({ kind: 'done' });
  });

  it('makes the decision id on a plain-http office LAN, where crypto.randomUUID does not exist', () => {
    vi.stubGlobal('crypto', { getRandomValues: webcrypto.getRandomValues.bind(webcrypto) });
    try {
      const request = buildRequest('forward', 1, {});
      expect(request.clientActionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reports a conflict with the state the server has now', async () => {
    const request = buildRequest('forward', 3, {});
    const waiting = sendOfficerAction(APP, request, 'x', OFFICER);
    await expect.poll(() => db.outbox.get(request.clientActionId)).toBeTruthy();
    await db.outbox.update(request.clientActionId, {
      status: 'conflict',
      current: { id: APP, version: 5, stage: 'StepTwo' },
    });
    const outcome = await waiting;
    expect(outcome.kind).toBe('conflict');
    expect(outcome.kind === 'conflict' && outcome.current?.version).toBe(5);
  });

  it('says "kept on this device" when the engine could not reach the server, and when it never picks the decision up', async () => {
    const request = buildRequest('forward', 3, {});
    const waiting = sendOfficerAction(APP, request, 'x', OFFICER);
    await expect.poll(() => db.outbox.get(request.clientActionId)).toBeTruthy();
    // The engine took it, the network failed, and it was put back to wait (client/src/offline/engine.ts).
    await db.outbox.update(request.clientActionId, { status: 'sending' });
    await db.outbox.update(request.clientActionId, {
      status: 'saved',
      attempts: 1,
      lastError: { code: 'NETWORK', messageBn: 'সংযোগ নেই' },
    });
    await expect(waiting).resolves.toEqual({ kind: 'queued' });

    // Never picked up (the engine's ping failed): kept on the device.
    const other = buildRequest('forward', 3, {});
    await db.outbox.put({
      ...(await db.outbox.get(request.clientActionId))!,
      id: other.clientActionId,
      attempts: 0,
      lastError: undefined,
    });
    await expect(waitForOutcome(other.clientActionId, { pickup: 50, answer: 5_000 })).resolves.toEqual({
      kind: 'queued',
    });
  });

  it('keeps waiting past the pick-up time while the decision is on the wire', async () => {
    const request = buildRequest('forward', 3, {});
    const waiting = sendOfficerAction(APP, request, 'x', OFFICER);
    await expect.poll(() => db.outbox.get(request.clientActionId)).toBeTruthy();
    await db.outbox.update(request.clientActionId, { status: 'sending' });
    const answer = waitForOutcome(request.clientActionId, { pickup: 50, answer: 5_000 });
    await new Promise((r) => setTimeout(r, 150));
    await db.outbox.update(request.clientActionId, { status: 'received' });
    await expect(answer).resolves.toEqual({ kind: 'done' });
    await expect(waiting).resolves.toEqual({ kind: 'done' });
  });

  it('passes on the server refusal in Bangla', async () => {
    const request = buildRequest('forward', 3, {});
    const waiting = sendOfficerAction(APP, request, 'x', OFFICER);
    await expect.poll(() => db.outbox.get(request.clientActionId)).toBeTruthy();
    await db.outbox.update(request.clientActionId, {
      status: 'failed',
      lastError: { code: 'FORBIDDEN', messageBn: 'অনুমতি নেই' },
    });
    await expect(waiting).resolves.toEqual({ kind: 'failed', error: { code: 'FORBIDDEN', messageBn: 'অনুমতি নেই' } });
  });
});
