/**
 * Sending mail: nodemailer over SMTP, configured by `SMTP_URL` (`smtp://user:pass@host:587`,
 * `smtps://…` for TLS from the start) and `MAIL_FROM`. Without `SMTP_URL` the server sends no
 * mail and says so (`enabled: false` in `GET /api/v1/me/email`).
 */
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}
