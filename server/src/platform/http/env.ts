import type { AreaGrant, StaffRole } from '@portal/shared';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Office } from '../../modules/offices/offices.repository.js';

/** Who is signed in (staff), set by the session middleware (http/session.ts). */
export interface StaffPrincipal {
  id: number;
  email: string;
  role: StaffRole | null;
  sessionIdHash: string;
  /** A one-time or outdated password: only its own account routes are open (decision 014). */
  mustChangePassword: boolean;
  /** A role over an area, wherever the request is (docs/decisions/057-offices.md, step 4). */
  area: AreaGrant | null;
}

/** A citizen's verified grant: bound to one application and one purpose, short-lived. */
export interface CitizenGrant {
  applicationId: string;
  purpose: number;
}

/** What every handler can reach; built once in main.ts (or per test) and passed to createApp. */
export interface AppDeps {
  /** Given to createApp unscoped; every request sees it scoped to its office (offices/request-office.ts). */
  db: Database;
  config: Config;
  /** Injected clock so tests can move time (code expiry, licence dates). */
  now: () => Date;
}

export interface AppEnv {
  Variables: {
    /**
     * The database in deps is scoped to this office (offices/request-office.ts); null: the national
     * address, or none could be read.
     */
    office: Office | null;
    /** The request reached the national address: a host no office claims, with several offices open. */
    national: boolean;
    deps: AppDeps;
    staff: StaffPrincipal | null;
    clientIp: string;
  };
}
