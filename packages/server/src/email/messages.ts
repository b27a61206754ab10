/**
 * The mails' subjects and texts (plain text, English: the server does not know the reader's
 * language), each with the link to act on and the unsubscribe link.
 */
import type { Mail } from './mailer.ts';

export type MailEvent =
  /** The player's seat must decide at a turn-based table. */
  | { kind: 'yourTurn'; tableId: string; tableName: string }
  /** A table keeps a seat for the player: a challenge or invitation (`by` made it). */
  | { kind: 'invitation'; tableId: string; tableName: string; by: string }
  /** A rematch keeps the player's seat (`by` asked for it). */
  | { kind: 'rematch'; tableId: string; tableName: string; by: string };

export interface MailLinks {
  table: string;
  unsubscribe: string;
}

function footer(links: MailLinks): string {
  return `\n\n—\nGangsta! online. You get this mail because you turned it on in your account.\nUnsubscribe from every Gangsta! mail: ${links.unsubscribe}\n`;
}

export function eventMail(to: string, event: MailEvent, links: MailLinks): Mail {
  const headers = {
    'List-Unsubscribe': `<${links.unsubscribe}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  const name = event.tableName;
  switch (event.kind) {
    case 'yourTurn':
      return {
        to,
        subject: `Your turn at “${name}”`,
        text: `It is your turn at “${name}”.\n\nPlay: ${links.table}${footer(links)}`,
        headers,
      };
    case 'invitation':
      return {
        to,
        subject: `${event.by} invites you to “${name}”`,
        text: `${event.by} keeps a seat for you at “${name}”. Take it or decline with one click in My games.\n\nOpen: ${links.table}${footer(links)}`,
        headers,
      };
    case 'rematch':
      return {
        to,
        subject: `${event.by} asks for a rematch`,
        text: `${event.by} asked for a rematch of your game; your seat at “${name}” is waiting.\n\nOpen: ${links.table}${footer(links)}`,
        headers,
      };
  }
}

export function verificationMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Confirm your address for Gangsta!',
    text: `Open this link to confirm that this address is yours and receive the Gangsta! mails you chose:\n\n${link}\n\nThe link works for 7 days. If you did not ask for this, ignore this mail: nothing will be sent to you.\n`,
  };
}
