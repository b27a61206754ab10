/**
 * The status bar's one line: what the viewer must do now, or who is deciding what.
 * "Choose an action" · "Add members to Armored Van: Mercenary still needed" ·
 * "Discard a member: snitch of value 3" · "Seat 3 (bot, hard) is thinking…".
 */
import {
  countIcon,
  type Decision,
  type GameView,
  gangIcons,
  playerAt,
  type Seat,
} from '@gangsta/engine';
import { playerName } from '../../game/players.ts';
import { money, nameOf, type TextContext, youSeat } from '../../text/context.ts';
import { decisionHelp, decisionTitle } from '../../text/decisions.ts';
import { namesList } from '../../text/lists.ts';
import { skillNames } from '../../text/names.ts';
import type { LogEntry, TablePlayer } from '../tableSource.ts';

export interface StatusInput {
  view: GameView;
  decision: Decision;
  players: readonly TablePlayer[];
  /** The viewer must decide now. */
  mine: boolean;
  thinking: Seat | null;
  /** The log: a snitch's line says what the viewer paid before losing a member. */
  log?: readonly LogEntry[] | undefined;
}

/**
 * Why a snitch makes the viewer discard (R-SNITCH-2): their Informants fell short of its value
 * and their cash, all of it paid, did not cover the rest.
 */
function snitchLine(
  ctx: TextContext,
  view: GameView,
  decision: Extract<Decision, { kind: 'snitchDiscard' }>,
  log: readonly LogEntry[],
): string {
  const value = view.cards.snitches.find((s) => s.id === decision.snitch)?.value ?? 0;
  const informants = countIcon(gangIcons(ctx.cards, playerAt(view, decision.seat)), 'I');
  const paid = log.findLast(
    (e) => e.event.type === 'snitchPaid' && e.event.seat === decision.seat,
  )?.event;
  return ctx.t('table.status.snitch', {
    value,
    informants,
    cash: money(ctx, paid?.type === 'snitchPaid' ? paid.amount : 0),
    owed: money(ctx, Math.max(0, value - informants)),
  });
}

function yourLine(
  ctx: TextContext,
  view: GameView,
  decision: Decision,
  log: readonly LogEntry[],
): string {
  const { t } = ctx;
  switch (decision.kind) {
    case 'action':
      return t('table.status.action');
    case 'activate':
      return decision.remaining.length > 0
        ? t('table.status.activate', {
            heist: nameOf(ctx, decision.heist),
            remaining: skillNames(t, decision.remaining),
          })
        : t('table.status.activateDone', { heist: nameOf(ctx, decision.heist) });
    case 'snitchDiscard':
      return snitchLine(ctx, view, decision, log);
    case 'theft':
    case 'assassination':
      return `${decisionHelp(ctx, view, decision)} ${t('table.status.pickBoard')}`;
    default:
      return decisionHelp(ctx, view, decision);
  }
}

export function statusLine(ctx: TextContext, input: StatusInput): string {
  const { t } = ctx;
  const { decision, players } = input;
  if (decision.kind === 'gameOver') return t('decision.gameOver.title');
  const name = (seat: Seat) => playerName(t, players[seat], seat);
  if (input.mine) {
    const line = yourLine(ctx, input.view, decision, input.log ?? []);
    // Hot-seat: several people share the screen, and the line says whose turn it is.
    const viewer = ctx.viewer;
    return viewer !== null && youSeat(ctx) === null
      ? t('table.status.turnOf', { name: name(viewer), line })
      : line;
  }
  if (input.thinking !== null) {
    return t('table.status.thinking', {
      name: name(input.thinking),
      title: decisionTitle(ctx, decision),
    });
  }
  const seats = decision.kind === 'keepResources' ? decision.seats : [decision.seat];
  const you = youSeat(ctx);
  // "You are deciding" (a move of yours on its way), else the names, yours marked "(you)",
  // joined in words with the verb agreeing: "Ann and Ben are deciding".
  return t('table.status.waiting', {
    name: namesList(
      seats.map((seat) => (seat === you ? t('app.seatYou', { seat: name(seat) }) : name(seat))),
    ),
    count: seats.length,
    title: decisionTitle(ctx, decision),
    ...(seats.length === 1 && seats[0] === you ? { context: 'you' } : {}),
  });
}
