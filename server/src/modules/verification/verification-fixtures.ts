import crypto from 'node:crypto';
import type { Stage } from '@portal/shared';
import { Agent, type TestContext } from '../../test/harness.js';

/** Test helpers for the verification and citizen features: an application row and a verified browser. */
export async function insertApplication(
  ctx: TestContext,
  opts: {
    mobile: string;
    name?: string;
    stage?: Stage;
    seen?: { chairman?: boolean; uno?: boolean; badc?: boolean };
    finalRemarks?: string;
  },
) {
  return ctx.db
    .insertInto('applications')
    .values({
      id: crypto.randomUUID(),
      kind: 'New',
      content_hash: crypto.randomBytes(8).toString('hex'),
      fields: JSON.stringify({ name: opts.name ?? 'রহিম উদ্দিন' }),
      file_manifest: JSON.stringify([]),
      applicant_name: opts.name ?? 'রহিম উদ্দিন',
      mobile: opts.mobile,
      intake_status: 'complete',
      stage: opts.stage ?? 'StepOne',
      seen_chairman: opts.seen?.chairman ?? false,
      seen_uno: opts.seen?.uno ?? false,
      seen_badc: opts.seen?.badc ?? false,
      final_remarks: opts.finalRemarks ?? null,
      submitted_at: ctx.clock.now,
      created_at: ctx.clock.now,
      updated_at: ctx.clock.now,
    })
    .returning(['id', 'application_number'])
    .executeTakeFirstOrThrow();
}

/** The code of the latest text queued for a number, read from the outbox (what the phone would show). */
export async function lastCodeSentTo(ctx: TestContext, mobile: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('sms_outbox')
    .select('body')
    .where('to_number', '=', mobile)
    .where('kind', '=', 'otp')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(row.body)![1]!;
}

export async function sendCode(
  ctx: TestContext,
  body: { applicationNumber: string | number; mobile: string; purpose?: number },
  headers?: Record<string, string>,
) {
  return ctx.request('/api/verification/send', {
    method: 'POST',
    headers,
    json: { applicationNumber: String(body.applicationNumber), mobile: body.mobile, purpose: body.purpose ?? 1 },
  });
}

/** Verifies a browser (agent) for one application the way a citizen does: send, read the text, confirm. */
export async function verifiedAgent(
  ctx: TestContext,
  app: { application_number: number },
  mobile: string,
  purpose = 1,
): Promise<Agent> {
  const agent = new Agent();
  const sent = await sendCode(ctx, { applicationNumber: app.application_number, mobile, purpose });
  const { challengeId } = (await sent.json()) as { challengeId: string };
  const code = await lastCodeSentTo(ctx, mobile);
  const res = await ctx.request('/api/verification/confirm', { method: 'POST', agent, json: { challengeId, code } });
  if (res.status !== 200) throw new Error(`confirm failed: ${res.status} ${await res.text()}`);
  return agent;
}
