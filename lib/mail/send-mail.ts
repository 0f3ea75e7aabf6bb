import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '../env';
import { siteUrl } from '../seo/site-url';

/**
 * Outgoing mail (invitations, password resets) through `SMTP_URL` with nodemailer. Without it the
 * product sends nothing and the admin hands the link over themselves: `mailConfigured()` says which.
 */
export function mailConfigured(): boolean {
  return Boolean(env().SMTP_URL);
}

let transport: { url: string; transporter: Transporter } | undefined;

function transporter(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

/** The sender: `MAIL_FROM`, else no-reply at the site's host. */
export function mailFrom(): string {
  return env().MAIL_FROM ?? `Film pages <no-reply@${new URL(siteUrl()).hostname}>`;
}

/** A plain-text body, and optionally an HTML one saying the same (sent as multipart/alternative). */
export type Mail = { to: string; subject: string; text: string; html?: string };

/** Sends one message; throws when SMTP_URL is unset or the server refuses it. */
export async function sendMail(mail: Mail): Promise<void> {
  const url = env().SMTP_URL;
  if (!url) throw new Error('SMTP_URL is not set');
  await transporter(url).sendMail({ from: mailFrom(), ...mail });
}
