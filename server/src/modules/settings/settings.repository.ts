import crypto from 'node:crypto';
import { siteSettingsSchema, type SiteSettings } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { writeAudit, type AuditEntity, type StaffActor } from '../audit/audit.repository.js';
import { changedFields } from '../audit/changes.js';
import { TOKEN_MASK } from './gateway-token.js';

/** The one settings row (spec 2 §3 "target id 101"), as the audit names it. */
const SETTINGS_ENTITY: AuditEntity = { type: 'settings', id: 1 };

/**
 * The one row of site settings (spec 2 §3 baseData). Stored as JSON and always read through
 * siteSettingsSchema, so a field added later gets its default and a stale value cannot break a page.
 */
export async function getSettings(db: Database): Promise<SiteSettings> {
  const row = await db.selectFrom('site_settings').select('data').where('id', '=', 1).executeTakeFirst();
  return parseStored(row?.data ?? {});
}

function parseStored(data: unknown): SiteSettings {
  const parsed = siteSettingsSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  // Keep every field that is still valid; fall back to the default for the rest.
  const defaults = siteSettingsSchema.parse({});
  const out: Record<string, unknown> = { ...defaults };
  const record = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  for (const [name, field] of Object.entries(siteSettingsSchema.shape)) {
    const one = field.safeParse(record[name]);
    if (one.success) out[name] = one.data;
  }
  return out as SiteSettings;
}

/**
 * The settings as the audit keeps them: the gateway token never, only a short fingerprint of it,
 * so a replaced token shows as changed and nothing of it can be read back (decision 041).
 */
function forAudit(settings: SiteSettings): Record<string, unknown> {
  const token = settings.smsToken;
  const fingerprint = crypto.createHash('sha256').update(token).digest('hex').slice(0, 8);
  return { ...settings, smsToken: token ? `${TOKEN_MASK} #${fingerprint}` : '' };
}

/**
 * Merges a change into the stored settings and returns the result. `check` sees the stored settings
 * under the row lock and may refuse the change by throwing. One audit row names every field that
 * changed, before and after; `updatedBy` null is the portal itself (a script), audited as such.
 */
export async function updateSettings(
  db: Database,
  patch: Partial<SiteSettings>,
  opts: { updatedBy: StaffActor | null; now: Date; check?: (stored: SiteSettings) => void },
): Promise<SiteSettings> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('site_settings').select('data').where('id', '=', 1).forUpdate().executeTakeFirst();
    const stored = parseStored(row?.data ?? {});
    opts.check?.(stored);
    const next = siteSettingsSchema.parse({ ...stored, ...stripUndefined(patch) });
    const updatedBy = opts.updatedBy?.userId ?? null;
    await trx
      .insertInto('site_settings')
      .values({ id: 1, data: JSON.stringify(next), updated_at: opts.now, updated_by: updatedBy })
      .onConflict((oc) =>
        oc
          .columns(['office_id', 'id'])
          .doUpdateSet({ data: JSON.stringify(next), updated_at: opts.now, updated_by: updatedBy }),
      )
      .execute();
    const changes = changedFields(forAudit(stored), forAudit(next));
    if (changes) {
      await writeAudit(trx, {
        applicationId: null,
        entity: SETTINGS_ENTITY,
        actor: opts.updatedBy ?? 'system',
        action: 'settings.update',
        details: { ...changes },
        at: opts.now,
      });
    }
    return next;
  });
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
