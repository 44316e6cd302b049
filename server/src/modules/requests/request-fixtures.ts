import crypto from 'node:crypto';
import type { ActionRequest, ApplicationDetail, Stage } from '@portal/shared';
import type { ApplicationsTable } from '../../platform/db/schema.js';
import { wellPositionColumns } from '../map/well-position.js';
import type { Agent, TestContext } from '../../test/harness.js';

/**
 * Test data for the review tests: applications inserted the way intake leaves them once their last
 * file arrived (intake_status 'complete'), and helpers to act on them through the API.
 */
export interface AppSeed {
  kind?: ApplicationsTable['kind'];
  stage?: Stage;
  seen?: Partial<{ chairman: boolean; uno: boolean; badc: boolean }>;
  applicantName?: string;
  mobile?: string;
  village?: string;
  union?: string;
  mouza?: string;
  dagNumber?: string;
  submittedAt?: Date;
  intakeStatus?: 'receiving' | 'complete';
  /** The licence a renewal or change is about. */
  licenceId?: string;
  /** More form fields (a renewal's fee and receipt, a change's new name or dag number). */
  fields?: Record<string, unknown>;
}

export async function insertApplication(
  ctx: TestContext,
  seed: AppSeed = {},
): Promise<{ id: string; applicationNumber: number }> {
  const id = crypto.randomUUID();
  const fields = {
    applicantName: seed.applicantName ?? 'রহিম উদ্দিন',
    fatherName: 'করিম উদ্দিন',
    mobile: seed.mobile ?? '01712345678',
    upazila: 'শিবগঞ্জ',
    village: seed.village ?? 'কানসাট',
    union: seed.union ?? 'কানসাট',
    postOffice: 'কানসাট',
    mouza: seed.mouza ?? 'কানসাট',
    jlNumber: '12',
    khotian: '34',
    dagNumber: seed.dagNumber ?? '56',
    wellClass: 'deep',
    wellSize: '1.0',
    pumpType: 'electric',
    advanceFee: '500',
    latitude: 24.7,
    longitude: 88.2,
    ...seed.fields,
  };
  const row = await ctx.db
    .insertInto('applications')
    .values({
      id,
      kind: seed.kind ?? 'New',
      licence_id: seed.licenceId ?? null,
      content_hash: crypto.randomBytes(16).toString('hex'),
      intake_status: seed.intakeStatus ?? 'complete',
      fields: JSON.stringify(fields),
      file_manifest: JSON.stringify([]),
      applicant_name: fields.applicantName,
      father_name: fields.fatherName,
      mobile: fields.mobile,
      upazila: fields.upazila,
      village: fields.village,
      union_name: fields.union,
      mouza: fields.mouza,
      jl_number: fields.jlNumber,
      dag_number: fields.dagNumber,
      ...wellPositionColumns(fields, 'applicant'),
      stage: seed.stage ?? 'StepOne',
      seen_chairman: seed.seen?.chairman ?? false,
      seen_uno: seed.seen?.uno ?? false,
      seen_badc: seed.seen?.badc ?? false,
      submitted_at: seed.submittedAt ?? ctx.clock.now,
      created_at: ctx.clock.now,
      updated_at: ctx.clock.now,
    })
    .returning('application_number')
    .executeTakeFirstOrThrow();
  return { id, applicationNumber: Number(row.application_number) };
}

type Body = {
  error?: { code: string; current?: ApplicationDetail; fields?: Record<string, string> };
} & Partial<ApplicationDetail>;

/** POSTs one action; `request` without version and clientActionId gets fresh ones (version read first). */
export async function act(
  ctx: TestContext,
  agent: Agent,
  id: string,
  request: Omit<ActionRequest, 'version' | 'clientActionId'> & { version?: number; clientActionId?: string },
): Promise<{ status: number; body: Body }> {
  const version = request.version ?? (await detail(ctx, agent, id)).version;
  const res = await ctx.request(`/api/staff/applications/${id}/actions`, {
    method: 'POST',
    agent,
    json: { clientActionId: crypto.randomUUID(), ...request, version },
  });
  return { status: res.status, body: (await res.json()) as Body };
}

export async function detail(ctx: TestContext, agent: Agent, id: string): Promise<ApplicationDetail> {
  const res = await ctx.request(`/api/staff/applications/${id}`, { agent });
  if (res.status !== 200) throw new Error(`detail answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as ApplicationDetail;
}

/** Seven "yes" answers except where a reason is given. */
export function checklist(no: Record<number, string> = {}) {
  return Array.from({ length: 7 }, (_, i) => (no[i + 1] ? { ok: false, reason: no[i + 1] } : { ok: true }));
}
