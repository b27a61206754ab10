/**
 * Email notifications: `notifyAccount(accountId, event)` mails the account about the event
 * when it has a verified address and opted in to that kind of mail. "Your turn" is batched:
 * at most one mail per table an hour (`YOUR_TURN_EVERY_MS`), decided in the store so that
 * every process of a cluster agrees; an invitation or a rematch is mailed once per table.
 * Time is the server's clock (`ctx.time`), so tests move it instead of waiting.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AccountEvent } from '../notify/accountEvents.ts';
import type { EmailStore } from '../store/email.ts';
import { tableUrl } from '../webhooks/events.ts';
import type { Mailer } from './mailer.ts';
import { eventMail, type MailEvent, verificationMail } from './messages.ts';
import { signToken, VERIFY_TTL_MS } from './tokens.ts';

/** "Your turn" at one table is mailed at most this often. */
export const YOUR_TURN_EVERY_MS = 60 * 60_000;

/** The beginning of time, for "mailed once per table". */
const EVER = '0000';

export interface EmailNotifierDeps {
  store: EmailStore;
  mailer: Mailer;
  secret: string;
  now: () => number;
  publicUrl: () => string;
  log: FastifyBaseLogger;
}

export class EmailNotifier {
  /** Mails being sent (a test waits for them: `settled`). */
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly deps: EmailNotifierDeps) {}

  private link(path: string, token: string): string {
    const base = this.deps.publicUrl().replace(/\/+$/, '');
    return `${base}${path}?token=${encodeURIComponent(token)}`;
  }

  unsubscribeLink(playerId: string): string {
    const token = signToken(this.deps.secret, { kind: 'unsubscribe', playerId });
    return this.link('/api/v1/email/unsubscribe', token);
  }

  /** Mails the verification link of `address` (it verifies that address only). */
  async sendVerification(playerId: string, address: string): Promise<void> {
    const token = signToken(this.deps.secret, {
      kind: 'verify',
      playerId,
      address,
      expiresAt: this.deps.now() + VERIFY_TTL_MS,
    });
    await this.deps.mailer.send(
      verificationMail(address, this.link('/api/v1/email/verify', token)),
    );
  }

  /** Mails the account about the event if it wants to hear of it; never throws. */
  notifyAccount(accountId: string, event: MailEvent): Promise<void> {
    const sending = this.send(accountId, event).catch((error: unknown) => {
      this.deps.log.warn({ err: error, kind: event.kind }, 'a notification mail was not sent');
    });
    this.sending.add(sending);
    void sending.finally(() => this.sending.delete(sending));
    return sending;
  }

  private async send(accountId: string, event: MailEvent): Promise<void> {
    const { store } = this.deps;
    const email = await store.emailOf(accountId);
    if (!email || email.verifiedAt === null) return;
    const wanted = {
      yourTurn: email.yourTurn,
      invitation: email.invitations,
      rematch: email.rematches,
    }[event.kind];
    if (!wanted) return;
    const now = this.deps.now();
    const since =
      event.kind === 'yourTurn' ? new Date(now - YOUR_TURN_EVERY_MS).toISOString() : EVER;
    const nowIso = new Date(now).toISOString();
    if (!(await store.claimMail(accountId, event.tableId, event.kind, since, nowIso))) return;
    const links = {
      table: tableUrl(this.deps.publicUrl(), event.tableId),
      unsubscribe: this.unsubscribeLink(accountId),
    };
    await this.deps.mailer.send(eventMail(email.address, event, links));
  }

  /** Resolves once every mail under way has been sent (or failed). */
  async settled(): Promise<void> {
    while (this.sending.size > 0) await Promise.all([...this.sending]);
  }

  /** The table notices (`notify/accountEvents.ts`) as mails. */
  listen(playerIds: readonly string[], event: AccountEvent): void {
    const mail = mailEventOf(event);
    if (!mail) return;
    for (const id of playerIds) void this.notifyAccount(id, mail);
  }
}

/** Which table notices are mailed: "your turn" at turn-based tables, kept seats. */
export function mailEventOf(event: AccountEvent): MailEvent | null {
  const table = { tableId: event.room.id, tableName: event.room.table.name };
  if (event.kind === 'yourTurn') {
    // A real-time game is over before a mail is read.
    return event.room.table.clock.setting.kind === 'turn' ? { kind: 'yourTurn', ...table } : null;
  }
  if (event.kind === 'seatWaiting') {
    return { kind: event.reason === 'rematch' ? 'rematch' : 'invitation', ...table, by: event.by };
  }
  return null;
}
