import { sql, type Kysely } from 'kysely';

/**
 * One review engine over every request kind (docs/decisions/021-review-engine-by-kind.md): the
 * 'Suspend' stage goes away, because a suspended licence is the licence's own status
 * (docs/decisions/022-licence-aggregate.md). An application whose licence was suspended stays
 * Approved; its licence row already says suspended (the old suspend action set both), and is made
 * to say so here in case an Admin had set the stage by hand.
 */
async function run(db: Kysely<any>, script: string): Promise<void> {
  // One statement at a time: PGlite's prepared statements take a single command.
  for (const statement of script
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await run(
    db,
    `
    UPDATE licences l SET status = 'suspended'
      FROM applications a WHERE a.id = l.application_id AND a.stage = 'Suspend' AND l.status <> 'suspended';
    UPDATE applications SET stage = 'Approved' WHERE stage = 'Suspend';
    ALTER TABLE applications DROP CONSTRAINT applications_stage_check;
    ALTER TABLE applications ADD CONSTRAINT applications_stage_check
      CHECK (stage IN ('StepOne', 'StepTwo', 'StepThree', 'Pending', 'Approvable', 'NotApprovable', 'Approved', 'Decline'));
  `,
  );
}

/** Back to the old stage list; suspended licences show as Suspend again on their applications. */
export async function down(db: Kysely<any>): Promise<void> {
  await run(
    db,
    `
    ALTER TABLE applications DROP CONSTRAINT applications_stage_check;
    ALTER TABLE applications ADD CONSTRAINT applications_stage_check
      CHECK (stage IN ('StepOne', 'StepTwo', 'StepThree', 'Pending', 'Approvable', 'NotApprovable', 'Approved', 'Decline', 'Suspend'));
    UPDATE applications a SET stage = 'Suspend'
      FROM licences l WHERE l.application_id = a.id AND l.status = 'suspended' AND a.stage = 'Approved';
  `,
  );
}
