import { translate, type ProblemCode } from '@portal/shared';
import { sha256Hex } from '../outbox';

/**
 * An in-memory stand-in for the API's outbox contract (docs/API.md, guide/OFFLINE.md) for unit
 * tests of the sync engine: idempotent POST /api/applications keyed by clientId, one PUT per
 * file, "complete" when every declared slot has arrived, and officer actions checked by version.
 */
export interface FakeApplication {
  id: string;
  applicationNumber: number;
  body: string;
  declared: { slot: string; sha256: string }[];
  files: Map<string, string>;
  status: 'receiving' | 'complete';
}

export interface FakeRequest {
  method: string;
  path: string;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function problem(code: ProblemCode, status: number, extra: Record<string, unknown> = {}): Response {
  return json(status, {
    error: {
      code,
      message: translate('bn', `problem.${code}`),
      messageEn: translate('en', `problem.${code}`),
      ...extra,
    },
  });
}

export class FakeServer {
  applications = new Map<string, FakeApplication>();
  actions = new Map<string, unknown>();
  versions = new Map<string, number>();
  log: FakeRequest[] = [];
  private nextNumber = 1;

  missing(app: FakeApplication): string[] {
    return app.declared.filter((d) => app.files.get(d.slot) !== d.sha256).map((d) => d.slot);
  }

  /** The request as the server sees it (after the network delivered it). */
  handle = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const method = init.method ?? 'GET';
    this.log.push({ method, path });
    if (method === 'GET' && path === '/api/public/settings') return json(200, { others1: 'ON' });
    if (method === 'POST' && path === '/api/applications') {
      const text = String(init.body);
      const body = JSON.parse(text) as { clientId: string; files: { slot: string; sha256: string }[] };
      const existing = this.applications.get(body.clientId);
      if (existing && existing.body !== text) return problem('IDEMPOTENCY_CONFLICT', 409);
      const app = existing ?? {
        id: body.clientId,
        applicationNumber: this.nextNumber++,
        body: text,
        declared: body.files.map((f) => ({ slot: f.slot, sha256: f.sha256 })),
        files: new Map(),
        status: body.files.length ? ('receiving' as const) : ('complete' as const),
      };
      this.applications.set(app.id, app);
      return json(existing ? 200 : 201, {
        id: app.id,
        applicationNumber: app.applicationNumber,
        status: app.status,
        missingSlots: this.missing(app),
      });
    }
    const upload = /^\/api\/applications\/([^/]+)\/files\/([^/]+)$/.exec(path);
    if (method === 'PUT' && upload) {
      const app = this.applications.get(decodeURIComponent(upload[1]!));
      if (!app) return problem('NOT_FOUND', 404);
      if (app.status === 'complete') return problem('FILES_CLOSED', 409);
      const slot = upload[2]!;
      const sha = await sha256Hex(init.body as Blob);
      const headers = new Headers(init.headers);
      if (headers.get('x-file-sha256') !== sha) return problem('VALIDATION', 400);
      app.files.set(slot, sha);
      if (this.missing(app).length === 0) app.status = 'complete';
      return json(200, {
        slot,
        size: (init.body as Blob).size,
        sha256: sha,
        mime: headers.get('content-type'),
        applicationStatus: app.status,
        missingSlots: this.missing(app),
      });
    }
    const action = /^\/api\/staff\/applications\/([^/]+)\/actions$/.exec(path);
    if (method === 'POST' && action) {
      const id = action[1]!;
      const body = JSON.parse(String(init.body)) as { clientActionId: string; version: number };
      if (this.actions.has(body.clientActionId)) return json(200, this.actions.get(body.clientActionId));
      const version = this.versions.get(id) ?? 1;
      if (body.version !== version) return problem('STALE_STATE', 409, { current: { version, stage: 'StepTwo' } });
      this.versions.set(id, version + 1);
      const result = { version: version + 1 };
      this.actions.set(body.clientActionId, result);
      return json(201, result);
    }
    return problem('NOT_FOUND', 404);
  };
}

export const networkDown = (): never => {
  throw new TypeError('Failed to fetch');
};
