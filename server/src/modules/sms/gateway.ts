import { mobileToInternational, SMS_SUCCESS_PREFIX } from '@portal/shared';
import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/database.js';
import { getSettings } from '../settings/settings.repository.js';
import { SMS_NOTE, smsAnsweredNote, smsUnreachableNote } from '@portal/shared/sms-notes';

/** What the gateway said about one message. Only an accepted message counts as sent. */
export type GatewayResult =
  { accepted: true; reply: string } | { accepted: false; error: string; reply: string | null };

export interface SmsGateway {
  send(to: string, message: string): Promise<GatewayResult>;
}

/** How long to wait for the gateway; well under the worker's lease on a claimed message. */
const GATEWAY_TIMEOUT_MS = 15_000;

/**
 * The bulk SMS gateway's protocol (spec 1 §7, spec 3 §7): POST form-encoded token, to
 * (88 + 01XXXXXXXXX) and message; the message is accepted only when the reply text begins with
 * "Ok". Anything else (another reply, an HTTP error, no answer) is a failure the worker retries.
 * The token is read on the server only and never written to a log or a stored error.
 */
export function httpGateway(url: string, token: string): SmsGateway {
  return {
    async send(to, message) {
      let reply: string | null = null;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
          body: new URLSearchParams({ token, to: mobileToInternational(to), message }).toString(),
          signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
        });
        reply = hideToken((await res.text()).trim().slice(0, 500), token);
        if (reply.startsWith(SMS_SUCCESS_PREFIX)) return { accepted: true, reply };
        return { accepted: false, error: smsAnsweredNote(res.status, reply), reply };
      } catch (err) {
        const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
        return { accepted: false, error: hideToken(smsUnreachableNote(why), token), reply };
      }
    },
  };
}

/** Prints each message instead of sending it, so a newcomer running the portal reads the code there. */
export const logGateway: SmsGateway = {
  async send(to, message) {
    console.log(`[sms] to ${to}:\n${message}\n`);
    return { accepted: true, reply: SMS_NOTE.logDriver };
  },
};

const notConfigured: SmsGateway = {
  async send() {
    return {
      accepted: false,
      error: SMS_NOTE.notConfigured,
      reply: null,
    };
  },
};

/**
 * Picks the gateway for the next message. Configuration wins when it names a URL and token; else
 * the Admin's site settings (smsGatewayUrl, smsToken) are used, read per message so a change on the
 * settings screen applies without a restart. The default 'auto' driver sends when a gateway is known
 * (an office that filled in its gateway on the settings screen expects its texts to go out) and
 * prints otherwise; SMS_DRIVER=log always prints, SMS_DRIVER=http never falls back to printing.
 *
 * A token goes only to an address set by the same hand or a more trusted one (issue 7, decision
 * 015): the configured token (SMS_GATEWAY_TOKEN) only ever to the configured URL, never to an
 * address typed on the settings screen; the Admin's token to the configured URL or the Admin's own.
 */
export async function resolveGateway(deps: { db: Database; config: Config }): Promise<SmsGateway> {
  const { sms } = deps.config;
  if (sms.driver === 'log') return logGateway;
  if (sms.url && sms.token) return httpGateway(sms.url, sms.token);
  if (!sms.token) {
    const settings = await getSettings(deps.db);
    const url = sms.url || settings.smsGatewayUrl;
    if (url && settings.smsToken) return httpGateway(url, settings.smsToken);
  }
  return sms.driver === 'http' ? notConfigured : logGateway;
}

function hideToken(text: string, token: string): string {
  return token ? text.split(token).join('***') : text;
}
