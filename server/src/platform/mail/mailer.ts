import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where e-mail goes: SMTP (nodemailer), the server log, or a test's capture. */
export interface MailTransport {
  send(message: MailMessage & { from: string }): Promise<void>;
}

/** Without SMTP_URL the office still gets its reset links: they are written to the server log. */
const logTransport: MailTransport = {
  async send(m) {
    console.info(`[mail] to ${m.to}: ${m.subject}\n${m.text}`);
  },
};

const smtpTransports = new Map<string, MailTransport>();
function smtpTransport(url: string): MailTransport {
  let t = smtpTransports.get(url);
  if (!t) {
    const tx = nodemailer.createTransport(url);
    t = {
      async send(m) {
        await tx.sendMail({ from: m.from, to: m.to, subject: m.subject, text: m.text });
      },
    };
    smtpTransports.set(url, t);
  }
  return t;
}

let override: MailTransport | null = null;
/** Tests put a capturing transport here (and null to restore the configured one). */
export function setMailTransport(transport: MailTransport | null): void {
  override = transport;
}

const pending = new Set<Promise<void>>();

/**
 * Sends in the background: the request that triggers a mail (password reset) answers at once and
 * takes the same time whether or not a mail is sent, so its timing does not reveal which e-mails
 * have accounts. A failure is logged, never shown to the visitor.
 */
export function sendMail(config: Config, message: MailMessage): void {
  const transport = override ?? (config.smtp.url ? smtpTransport(config.smtp.url) : logTransport);
  const p = transport
    .send({ ...message, from: config.smtp.from })
    .catch((err: unknown) => console.error(`[mail] sending to ${message.to} failed`, err))
    .finally(() => pending.delete(p));
  pending.add(p);
}

/** Waits for every mail handed to sendMail so far (tests; graceful shutdown). */
export async function settleMail(): Promise<void> {
  await Promise.all([...pending]);
}
