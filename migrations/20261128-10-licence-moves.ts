import { sql, type Kysely } from 'kysely';

/**
 * Licences moved from one office to another when a new upazila is formed (docs/decisions/057-offices.md,
 * "Boundaries change"). The licence and its records move whole; its number is the new office's.
 *
 * - `licence_moves`: each moved licence's old office and number, and its new ones. A national table:
 *   a paper printed by the old office names that office and number in its QR, and the check at the
 *   old office must find where the licence went, though the licence is now walled into another
 *   office. It holds office ids and numbers only, which the printed paper and the public licence
 *   check already show; no name, place or mobile. `move_key` is the administrator's request key, so
 *   a retried request finds its own move instead of moving again. The server only adds rows.
 * - `licence_changes.field` gains 'office': the licence's own history keeps the old office and
 *   number, and the certificate prints it beside the name and plot changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`CREATE TABLE licence_moves (
    from_office_id integer NOT NULL REFERENCES offices(id),
    from_number bigint NOT NULL,
    to_office_id integer NOT NULL REFERENCES offices(id),
    to_number bigint NOT NULL,
    move_key uuid NOT NULL,
    moved_by integer REFERENCES staff_users(id) ON DELETE SET NULL,
    moved_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (from_office_id, from_number),
    UNIQUE (to_office_id, to_number),
    CHECK (from_office_id <> to_office_id)
  )`);
  await run(`CREATE INDEX licence_moves_key_idx ON licence_moves (move_key)`);
  // A move, once made, is a fact: the server adds rows and reads them, and changes none.
  await run(`REVOKE ALL ON licence_moves FROM portal_app`);
  await run(`GRANT SELECT, INSERT ON licence_moves TO portal_app`);

  await run(`ALTER TABLE licence_changes DROP CONSTRAINT licence_changes_field_check`);
  await run(
    `ALTER TABLE licence_changes ADD CONSTRAINT licence_changes_field_check CHECK (field IN ('holderName', 'dagNumber', 'office'))`,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`DELETE FROM licence_changes WHERE field = 'office'`);
  await run(`ALTER TABLE licence_changes DROP CONSTRAINT licence_changes_field_check`);
  await run(
    `ALTER TABLE licence_changes ADD CONSTRAINT licence_changes_field_check CHECK (field IN ('holderName', 'dagNumber'))`,
  );
  await run(`DROP TABLE licence_moves`);
}
