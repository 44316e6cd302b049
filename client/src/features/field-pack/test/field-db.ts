import { fieldDb } from '../db';

/** An empty field database (fake-indexeddb) before each test. */
export async function clearFieldDb() {
  await Promise.all(fieldDb.tables.map((t) => t.clear()));
}
