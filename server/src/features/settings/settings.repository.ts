import { siteSettingsSchema, type SiteSettings } from '@portal/shared';
import type { Database } from '../../db/database.js';

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
 * Merges a change into the stored settings and returns the result. `check` sees the stored settings
 * under the row lock and may refuse the change by throwing.
 */
export async function updateSettings(
  db: Database,
  patch: Partial<SiteSettings>,
  opts: { updatedBy: number | null; now: Date; check?: (stored: SiteSettings) => void },
): Promise<SiteSettings> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('site_settings').select('data').where('id', '=', 1).forUpdate().executeTakeFirst();
    const stored = parseStored(row?.data ?? {});
    opts.check?.(stored);
    const next = siteSettingsSchema.parse({ ...stored, ...stripUndefined(patch) });
    await trx
      .insertInto('site_settings')
      .values({ id: 1, data: JSON.stringify(next), updated_at: opts.now, updated_by: opts.updatedBy })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ data: JSON.stringify(next), updated_at: opts.now, updated_by: opts.updatedBy }),
      )
      .execute();
    return next;
  });
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
