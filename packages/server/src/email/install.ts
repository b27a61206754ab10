/**
 * Email notifications plugged into the server: the SMTP mailer when `SMTP_URL` is set, the
 * secret that signs the links (one per cluster, kept in the store), the routes, and the
 * listener that turns table notices into mails.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Observers, Platform } from '../tables/context.ts';
import { type Mailer, smtpMailer } from './mailer.ts';
import { EmailNotifier } from './notify.ts';
import { registerEmailRoutes } from './routes.ts';

export interface EmailOptions {
  /** `SMTP_URL`; null: no mail is sent. */
  smtpUrl: string | null;
  /** `MAIL_FROM`. */
  mailFrom: string;
  /** A mailer to use instead of SMTP (tests of other parts). */
  mailer?: Mailer;
}

export interface InstalledEmail {
  routes(scope: FastifyInstance): void;
  /** null when no mail is sent. */
  notifier: EmailNotifier | null;
  close(): void;
}

export async function installEmail(
  ctx: Platform & Pick<Observers, 'hooks'>,
  options: EmailOptions,
  publicUrl: () => string,
): Promise<InstalledEmail> {
  const secret = await ctx.store.ensureSetting(
    'email_link_secret',
    randomBytes(32).toString('base64url'),
  );
  const mailer =
    options.mailer ?? (options.smtpUrl ? smtpMailer(options.smtpUrl, options.mailFrom) : null);
  const notifier = mailer
    ? new EmailNotifier({
        store: ctx.store,
        mailer,
        secret,
        now: () => ctx.time.now(),
        publicUrl,
        log: ctx.log,
      })
    : null;
  if (notifier) ctx.hooks.accountsNotified.push((ids, event) => notifier.listen(ids, event));
  return {
    routes: (scope) => registerEmailRoutes(scope, { ctx, notifier, secret, publicUrl }),
    notifier,
    close: () => mailer?.close(),
  };
}
