/**
 * The status bar's one line: what the viewer must do now, or who is deciding what.
 * "Choose an action" · "Add members to Armored Van: Mercenary still needed" ·
 * "Discard a member: snitch of value 3" · "Seat 3 (bot, hard) is thinking…".
 */
import type { Decision, GameView, Seat } from '@gangsta/engine';
import { playerName } from '../../game/players.ts';
import type { TablePlayer } from '../../game/tableSource.ts';
import { nameOf, type TextContext, youSeat } from '../../text/context.ts';
import { decisionHelp, decisionTitle } from '../../text/decisions.ts';
import { skillNames } from '../../text/names.ts';

export interface StatusInput {
  view: GameView;
  decision: Decision;
  players: readonly TablePlayer[];
  /** The viewer must decide now. */
  mine: boolean;
  thinking: Seat | null;
}

function yourLine(ctx: TextContext, view: GameView, decision: Decision): string {
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
      return t('table.status.snitch', {
        value: view.cards.snitches.find((s) => s.id === decision.snitch)?.value ?? 0,
      });
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
  if (input.mine) return yourLine(ctx, input.view, decision);
  const name = (seat: Seat) => playerName(t, players[seat], seat);
  if (input.thinking !== null) {
    return t('table.status.thinking', {
      name: name(input.thinking),
      title: decisionTitle(ctx, decision),
    });
  }
  const seats = decision.kind === 'keepResources' ? decision.seats : [decision.seat];
  const you = youSeat(ctx);
  // "You are deciding" (a move of yours on its way), else the names, yours marked "(you)".
  return t('table.status.waiting', {
    name: seats
      .map((seat) => (seat === you ? t('app.seatYou', { seat: name(seat) }) : name(seat)))
      .join(', '),
    title: decisionTitle(ctx, decision),
    context: seats.length === 1 && seats[0] === you ? 'you' : undefined,
  });
}
