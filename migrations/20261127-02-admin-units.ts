import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql, type Kysely } from 'kysely';

/**
 * The country's divisions, districts and upazilas (docs/decisions/057-offices.md): the list offices
 * are opened from, loaded from server/reference/bd-admin-units/ (its README gives the source and the
 * licence). National reference data, the same for every office, so these tables carry no office
 * and no row-level security. Ids are the source's own keys, not official codes.
 *
 * Two upazilas may share a name (Shibganj of Bogura and of Chapainawabganj): an upazila is known by
 * its district too, hence the unique (district, English name) and no unique name alone.
 */
const folder = path.resolve(import.meta.dirname, '..', 'server', 'reference', 'bd-admin-units');
// Names in Unicode's composed form (NFC), the form a search box's text is brought to before it is
// compared: "বগুড়া" typed with ড় or with ড + ় then finds the same district.
const read = (file: string): Record<string, string>[] =>
  (
    parse(fs.readFileSync(path.join(folder, file)), {
      columns: true,
      skip_empty_lines: true,
      trim: true,
    }) as Record<string, string>[]
  ).map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v.normalize('NFC')])));
const orNull = (text: string | undefined) => (text ? text : null);

const STATEMENTS = [
  `CREATE TABLE divisions (
    id smallint PRIMARY KEY,
    name_en text NOT NULL UNIQUE,
    name_bn text NOT NULL,
    website text
  )`,
  `CREATE TABLE districts (
    id smallint PRIMARY KEY,
    division_id smallint NOT NULL REFERENCES divisions(id),
    name_en text NOT NULL UNIQUE,
    name_bn text NOT NULL,
    lat double precision NOT NULL CHECK (lat BETWEEN 20 AND 27),
    lon double precision NOT NULL CHECK (lon BETWEEN 88 AND 93),
    website text
  )`,
  `CREATE INDEX districts_division_idx ON districts (division_id)`,
  `CREATE TABLE upazilas (
    id integer PRIMARY KEY,
    district_id smallint NOT NULL REFERENCES districts(id),
    name_en text NOT NULL,
    name_bn text NOT NULL,
    website text,
    UNIQUE (district_id, name_en)
  )`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
  await db
    .insertInto('divisions')
    .values(read('divisions.csv').map((r) => ({ ...r, id: Number(r.id), website: orNull(r.website) })))
    .execute();
  await db
    .insertInto('districts')
    .values(
      read('districts.csv').map((r) => ({
        ...r,
        id: Number(r.id),
        division_id: Number(r.division_id),
        lat: Number(r.lat),
        lon: Number(r.lon),
        website: orNull(r.website),
      })),
    )
    .execute();
  await db
    .insertInto('upazilas')
    .values(
      read('upazilas.csv').map((r) => ({
        ...r,
        id: Number(r.id),
        district_id: Number(r.district_id),
        website: orNull(r.website),
      })),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`DROP TABLE upazilas`).execute(db);
  await sql.raw(`DROP TABLE districts`).execute(db);
  await sql.raw(`DROP TABLE divisions`).execute(db);
}
