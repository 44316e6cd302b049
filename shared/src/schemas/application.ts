import { STORED_KINDS } from '../kinds/slots.js';

/**
 * The kinds an application row can be (the new-licence form and every other kind's form are in
 * ../kinds/<kind>.ts; decision 023).
 */
export const APPLICATION_KINDS = STORED_KINDS;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];
