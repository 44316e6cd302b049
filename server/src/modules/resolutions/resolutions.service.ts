import { translate } from '@portal/shared';
import { resolutionRangeIssue, type ParsedResolutionInput, type Resolution } from '@portal/shared/schemas/resolutions';
import type { AppDeps, StaffPrincipal } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { sanitizeRichText } from '../content/rich-text.js';
import {
  deleteResolution,
  findResolution,
  insertResolution,
  updateResolution,
  type Actor,
} from './resolutions.repository.js';

/**
 * The resolutions' writes (docs/decisions/036-resolutions.md): the range rule, the minutes cleaned
 * by the one allowlist (docs/decisions/007-rich-text-and-images.md) before they are stored, and
 * one transaction per change, in which the repository writes the audit row.
 */

/** 422 RESOLUTION_RANGE with its Bangla message under "to", when the two numbers are not a range. */
function checkedRange(input: ParsedResolutionInput): ParsedResolutionInput {
  const issue = resolutionRangeIssue(input.rangeFrom, input.rangeTo);
  if (issue) throw new Problem('RESOLUTION_RANGE', { fields: { rangeTo: translate('bn', issue) } });
  return { ...input, html: sanitizeRichText(input.html) };
}

const actorOf = (staff: StaffPrincipal): Actor => ({ userId: staff.id, email: staff.email });

export async function createResolution(
  deps: AppDeps,
  staff: StaffPrincipal,
  input: ParsedResolutionInput,
): Promise<Resolution> {
  const clean = checkedRange(input);
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const id = await insertResolution(trx, actorOf(staff), clean, now);
    return (await findResolution(trx, id))!;
  });
}

export async function editResolution(
  deps: AppDeps,
  staff: StaffPrincipal,
  id: number,
  input: ParsedResolutionInput,
): Promise<Resolution> {
  const clean = checkedRange(input);
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = await findResolution(trx, id, { forUpdate: true });
    if (!before) throw new Problem('NOT_FOUND');
    await updateResolution(trx, actorOf(staff), before, clean, now);
    return (await findResolution(trx, id))!;
  });
}

export async function removeResolution(deps: AppDeps, staff: StaffPrincipal, id: number): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await findResolution(trx, id, { forUpdate: true });
    if (!before) throw new Problem('NOT_FOUND');
    await deleteResolution(trx, actorOf(staff), before, now);
  });
}
