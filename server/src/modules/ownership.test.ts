import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DB } from '../platform/db/schema.js';

/**
 * Each module the only writer of its tables (issue 22; docs/decisions/057-offices.md, "The server's
 * layout: platform and modules"). Read from the source, not the database: every write statement in
 * server/src/modules and server/src/platform (tests, fixtures and scripts aside), by its table and the
 * module folder it is in. A table has one owner; the writers it has besides today are listed below
 * by file, each with its reason, and that list can only shrink: a new writer fails here until it
 * calls the owner's API instead.
 */

/** The licence-check key's table is typed in its module only (modules/licence-check/signing-key.ts). */
const TYPED_IN_MODULE = ['licence_signing_key'] as const;
type Table = keyof DB | (typeof TYPED_IN_MODULE)[number];

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BOUNDARY_MOVE = 'modules/offices/boundary-move.ts';

/** Who writes each table: a module folder or a part of the platform; null: only migrations write it. */
const OWNER: Record<Table, string | null> = {
  application_files: 'platform/files',
  applications: 'modules/applications',
  archive_files: 'modules/content',
  area_roles: 'modules/offices',
  audit_log: 'modules/audit',
  blobs: 'platform/files',
  citizen_grants: 'platform/http',
  complaints: 'modules/services',
  contact_messages: 'modules/services',
  content_images: 'modules/content',
  content_pages: 'modules/content',
  content_records: 'modules/content',
  copy_requests: 'modules/services',
  districts: null,
  divisions: null,
  field_visit_photos: 'modules/visits',
  field_visits: 'modules/visits',
  idempotency_keys: 'modules/requests',
  image_variants: 'modules/content',
  licence_changes: 'modules/licences',
  licence_moves: 'modules/offices',
  licence_periods: 'modules/licences',
  licence_signing_key: 'modules/licence-check',
  licences: 'modules/licences',
  localities: 'modules/settings',
  notices: 'modules/content',
  office_counters: 'modules/offices',
  offices: 'modules/offices',
  otp_challenges: 'modules/verification',
  password_resets: 'modules/auth',
  rate_limit_hits: 'platform/http',
  resolutions: 'modules/resolutions',
  service_files: 'modules/intake',
  site_settings: 'modules/settings',
  sms_outbox: 'modules/sms',
  staff_devices: 'modules/auth',
  staff_roles: 'modules/auth',
  staff_sessions: 'platform/http',
  staff_users: 'modules/auth',
  upazilas: null,
};

const MOVED = 'the boundary move moves the licence and all that belongs to it, in its one audited transaction';

/** Today's writers besides the owner, by file. Remove a line when its write moves to the owner's API; never add one. */
const OTHER_WRITERS: readonly { table: Table; file: string; why: string }[] = [
  { table: 'applications', file: BOUNDARY_MOVE, why: MOVED },
  { table: 'application_files', file: BOUNDARY_MOVE, why: MOVED },
  { table: 'audit_log', file: BOUNDARY_MOVE, why: `${MOVED}; its own rows name both offices` },
  { table: 'audit_log', file: 'modules/licences/licence-audit.ts', why: 'a licence action audited on the licence' },
  { table: 'blobs', file: BOUNDARY_MOVE, why: MOVED },
  { table: 'blobs', file: 'modules/content/archive.repository.ts', why: 'an archive file deleted with its bytes' },
  { table: 'blobs', file: 'modules/content/content-blobs.ts', why: "the website content's own blob insert" },
  { table: 'blobs', file: 'modules/content/images.repository.ts', why: 'an image deleted with its original' },
  { table: 'blobs', file: 'modules/content/notices.repository.ts', why: "a notice's file replaced or deleted" },
  { table: 'blobs', file: 'modules/intake/stores/service-store.ts', why: "a service request's file replaced" },
  { table: 'blobs', file: 'modules/services/services.repository.ts', why: 'a service request deleted with its files' },
  { table: 'citizen_grants', file: BOUNDARY_MOVE, why: "a citizen's grant was for the old office's address" },
  { table: 'complaints', file: 'modules/intake/stores/service-store.ts', why: 'the intake inserts and completes it' },
  {
    table: 'copy_requests',
    file: 'modules/intake/stores/service-store.ts',
    why: 'the intake inserts and completes it',
  },
  { table: 'field_visits', file: BOUNDARY_MOVE, why: MOVED },
  { table: 'field_visit_photos', file: BOUNDARY_MOVE, why: MOVED },
  { table: 'licence_changes', file: BOUNDARY_MOVE, why: `${MOVED}; the licence's history line of the move` },
  { table: 'licence_periods', file: BOUNDARY_MOVE, why: MOVED },
  { table: 'licences', file: BOUNDARY_MOVE, why: MOVED },
  {
    table: 'office_counters',
    file: 'modules/licences/licence.writer.ts',
    why: "old licences' numbers raise the counter",
  },
  { table: 'otp_challenges', file: BOUNDARY_MOVE, why: "a citizen's code was for the old office's address" },
  { table: 'staff_users', file: 'modules/accounts/accounts.repository.ts', why: "an account's role change touches it" },
  { table: 'staff_users', file: 'modules/accounts/create-admin.ts', why: "the console's first Admin of an office" },
];

/** Writes whose table is an expression: what it can name, read by hand. A new one fails until listed. */
const COMPUTED: readonly { file: string; expression: string; tables: Table[] }[] = [
  {
    file: 'modules/intake/stores/service-store.ts',
    expression: 'shared(kind)',
    tables: ['complaints', 'copy_requests'],
  },
  {
    file: 'modules/services/services.repository.ts',
    expression: 'shared(kind)',
    tables: ['complaints', 'copy_requests'],
  },
  {
    file: BOUNDARY_MOVE,
    expression: 'sql.table(table)',
    tables: [
      'licence_changes',
      'licence_periods',
      'application_files',
      'field_visits',
      'field_visit_photos',
      'blobs',
      'audit_log',
    ],
  },
];

/** SQL functions (migrations) that write a table, called by name from the code. */
const WRITING_FUNCTIONS: Record<string, Table> = { take_office_numbers: 'office_counters' };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' || e.name === 'scripts' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('fixtures.ts') ? [full] : [];
  });
}

/** Comments name tables in prose ("an UPDATE … of applications"); only code counts. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

const KYSELY =
  /\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*(?:(['"`])(\w+)(?:\s+as\s+\w+)?\1|([\w$.]+(?:\([^)]*\))?))/g;
const RAW = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:\$\{([^}]*)\}|(\w+))/g;

interface Write {
  table: string;
  file: string;
}

function scan() {
  const writes: Write[] = [];
  const computed: { file: string; expression: string }[] = [];
  const tables = new Set(Object.keys(OWNER));
  for (const full of [...sourceFiles(path.join(SRC, 'modules')), ...sourceFiles(path.join(SRC, 'platform'))]) {
    const file = path.relative(SRC, full).split(path.sep).join('/');
    const code = withoutComments(fs.readFileSync(full, 'utf8'));
    for (const m of code.matchAll(KYSELY)) {
      if (m[2]) writes.push({ table: m[2], file });
      else computed.push({ file, expression: m[3]! });
    }
    for (const m of code.matchAll(RAW)) {
      if (m[1]) computed.push({ file, expression: m[1] });
      // Raw SQL words are read only when they name a table ("FOR UPDATE OF l" names none).
      else if (tables.has(m[2]!)) writes.push({ table: m[2]!, file });
    }
    for (const [fn, table] of Object.entries(WRITING_FUNCTIONS)) {
      if (new RegExp(`\\b${fn}\\(`).test(code)) writes.push({ table, file });
    }
  }
  for (const c of computed) {
    const known = COMPUTED.find((k) => k.file === c.file && k.expression === c.expression);
    for (const table of known?.tables ?? []) writes.push({ table, file: c.file });
  }
  return { writes, computed };
}

/** modules/<module> or platform/<part>: the folder a file belongs to. */
const folderOf = (file: string) => file.split('/').slice(0, 2).join('/');

const { writes, computed } = scan();

describe('each table has one writing module (issue 22, decision 057)', () => {
  it('names an owner for every table of the DB interface', () => {
    const schema = fs.readFileSync(path.join(SRC, 'platform/db/schema.ts'), 'utf8');
    const declared = [...schema.matchAll(/^export interface DB \{([^}]*)\}/gm)].flatMap((m) =>
      [...m[1]!.matchAll(/^\s*(\w+):/gm)].map((t) => t[1]!),
    );
    expect(declared.length).toBeGreaterThan(30);
    expect(Object.keys(OWNER).sort()).toEqual([...new Set([...declared, ...TYPED_IN_MODULE])].sort());
  });

  it('finds every write: each names a table, and a table chosen at run time is one read by hand', () => {
    expect(writes.filter((w) => !(w.table in OWNER))).toEqual([]);
    const unlisted = computed.filter((c) => !COMPUTED.some((k) => k.file === c.file && k.expression === c.expression));
    expect(unlisted).toEqual([]);
    const gone = COMPUTED.filter((k) => !computed.some((c) => c.file === k.file && c.expression === k.expression));
    expect(gone).toEqual([]);
  });

  it('lets no module but the owner write a table, except the listed writers of today', () => {
    const strays = writes
      .filter((w) => folderOf(w.file) !== OWNER[w.table as Table])
      .filter((w) => !OTHER_WRITERS.some((o) => o.table === w.table && o.file === w.file))
      .map((w) => `${w.table} ← ${w.file}`);
    expect([...new Set(strays)].sort()).toEqual([]);
  });

  it('keeps the lists true: each owner writes its table, and each listed other writer still does', () => {
    const ownerSilent = Object.entries(OWNER)
      .filter(([table, owner]) => owner && !writes.some((w) => w.table === table && folderOf(w.file) === owner))
      .map(([table]) => table);
    expect(ownerSilent).toEqual([]);
    const noLongerWrites = OTHER_WRITERS.filter((o) => !writes.some((w) => w.table === o.table && w.file === o.file));
    expect(noLongerWrites).toEqual([]);
    const readOnly = Object.entries(OWNER).filter(([table, owner]) => !owner && writes.some((w) => w.table === table));
    expect(readOnly).toEqual([]);
  });

  it('writes applications only in modules/applications, and the boundary move', () => {
    const writers = [...new Set(writes.filter((w) => w.table === 'applications').map((w) => w.file))].sort();
    expect(writers.filter((f) => folderOf(f) !== 'modules/applications')).toEqual([BOUNDARY_MOVE]);
    expect(writers.filter((f) => folderOf(f) === 'modules/applications').length).toBeGreaterThan(0);
    expect(OTHER_WRITERS.filter((o) => o.table === 'applications').map((o) => o.file)).toEqual([BOUNDARY_MOVE]);
  });
});
