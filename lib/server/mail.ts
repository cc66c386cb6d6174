import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/server/env";
import { errorFields, log } from "@/lib/server/log";

// Outgoing mail (invitations, password resets: venue-operations §3, §4), through nodemailer when
// SMTP_URL is set (`smtp://user:pass@host:587`, `smtps://…`). Without it nothing is sent and the
// dashboard shows the one-time link to copy instead. A message that cannot be sent is logged and
// reported to the caller as not sent; the link it carried still works.

export type Mail = { to: string; subject: string; text: string };

let transport: { url: string; transporter: Transporter } | null = null;

function transporter(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

/** Whether mail goes out at all (SMTP_URL set). */
export const mailEnabled = () => env().SMTP_URL !== undefined;

/** Sends `mail`; true when the SMTP server took it, false when mail is off or it failed. */
export async function sendMail(mail: Mail): Promise<boolean> {
  const url = env().SMTP_URL;
  if (!url) return false;
  try {
    await transporter(url).sendMail({ from: env().MAIL_FROM, ...mail });
    return true;
  } catch (error) {
    log().warn({ ...errorFields(error), to_domain: mail.to.split("@")[1] }, "A mail could not be sent");
    return false;
  }
}
