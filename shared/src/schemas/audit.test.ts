import { describe, expect, it } from 'vitest';
import { bn, en } from '../i18n/index.js';
import { AUDIT_ACTION_GROUPS, AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, auditQuerySchema, parseAuditEntity } from './audit.js';

describe('the audit page’s words (docs/decisions/041-audit-trail.md)', () => {
  it('names every action of the "what" select, its group and every kind of record in Bangla and English', () => {
    const keys = [
      ...AUDIT_ACTIONS.map((a) => `decisions.history.${a}`),
      ...Object.keys(AUDIT_ACTION_GROUPS).map((g) => `audit.group.${g}`),
      ...AUDIT_ENTITY_TYPES.map((t) => `audit.entity.${t}`),
    ];
    expect(keys.filter((k) => !(k in bn))).toEqual([]);
    expect(keys.filter((k) => !(k in en))).toEqual([]);
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});

describe('the audit query', () => {
  it('takes a kind of record, or a kind and an id; an application’s id must be one', () => {
    expect(parseAuditEntity('notice')).toEqual({ type: 'notice', id: null });
    expect(parseAuditEntity('account:7')).toEqual({ type: 'account', id: '7' });
    expect(parseAuditEntity('application:not-a-uuid')).toBeNull();
    expect(parseAuditEntity('planet')).toBeNull();
    expect(auditQuerySchema.safeParse({ entity: 'planet' }).success).toBe(false);
  });

  it('refuses an end date before the start date, and reads Bangla digits in dates and search', () => {
    const bad = auditQuerySchema.safeParse({ from: '2026-11-24', to: '2026-11-01' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['to'], message: 'audit.v.range' });
    const good = auditQuerySchema.parse({ from: '২০২৬-১১-০১', to: '', q: '১২৩', size: '50' });
    expect(good).toMatchObject({ from: '2026-11-01', to: undefined, q: '123', size: 50, page: 1, dir: 'desc' });
  });
});
