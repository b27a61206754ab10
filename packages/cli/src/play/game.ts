/**
 * The play loop: asks whoever must decide — a bot, or the human at the terminal — applies the
 * move, prints what happened, until the game ends or the human quits.
 */

import type { Bot } from '@gangsta/bots';
import {
  decidingSeats,
  type GameEvent,
  type GameView,
  isGameOver,
  legalMoves,
  type Move,
  moveKey,
  pendingDecision,
  type Seat,
  viewFor,
  visibleEvents,
} from '@gangsta/engine';
import { RuntimeError } from '../errors.ts';
import { writeRecord } from '../records.ts';
import { renderBoard } from '../render/board.ts';
import { type RenderContext, seatName } from '../render/context.ts';
import { describeDecision } from '../render/decision.ts';
import { describeEvent } from '../render/events.ts';
import { describeMove, logMove } from '../render/moves.ts';
import { activationHint, heistReach } from './hints.ts';
import type { Session } from './session.ts';
import type { Terminal } from './terminal.ts';
import { reasonText, tipFor } from './tips.ts';

export interface PlayContext {
  session: Session;
  /** A bot per seat; null for a human seat. */
  bots: (Bot | null)[];
  ctx: RenderContext;
  term: Terminal;
  /** Where `s` and the end of the game save; asked for when absent. */
  savePath: string | undefined;
  defaultSaveName: string;
  /** Print why each bot chose its move (`--explain`). */
  explain?: boolean;
}

type Outcome = 'moved' | 'quit';

const HELP = [
  'Type the number of a move to play it.',
  '  u  undo your last move (while nothing new was revealed)',
  '  s  save the game record',
  '  b  show the board again',
  '  t  a tip: what the easy bot would play here, and why',
  '  q  quit (you may save first)',
].join('\n');

/** The seat that must move now: during the secret resource choice, the first still choosing. */
function nextSeat(play: PlayContext): Seat | null {
  const state = play.session.state;
  const seats = decidingSeats(viewFor(state, null).decision);
  return seats.find((seat) => legalMoves(state, seat).length > 0) ?? null;
}

function printEvents(play: PlayContext, events: GameEvent[]): void {
  for (const event of visibleEvents(events, play.ctx.viewer)) {
    const line = describeEvent(event, play.ctx);
    if (line) play.term.print(`  ${line}`);
  }
}

function applyOrThrow(play: PlayContext, move: Move, byHuman: boolean): void {
  const result = play.session.apply(move, byHuman);
  if (!result.ok) {
    throw new RuntimeError(`the engine refused ${moveKey(move)}: ${result.error.message}`);
  }
  printEvents(play, result.events);
}

function botMove(play: PlayContext, seat: Seat, bot: Bot): void {
  const state = play.session.state;
  const view = viewFor(state, seat);
  const legal = legalMoves(state, seat);
  const decision = bot.decide(view, legal);
  const key = moveKey(decision.move);
  if (!legal.some((m) => moveKey(m) === key)) {
    throw new RuntimeError(`bot at seat ${seat + 1} chose an illegal move ${key}`);
  }
  // Word the move from the human's side of the table; a secret choice stays secret (R-INFO-3).
  const publicView: GameView = { ...viewFor(state, play.ctx.viewer), decision: view.decision };
  const line =
    decision.move.type === 'keepResources'
      ? `${seatName(play.ctx, seat)}: chooses resource cards in secret`
      : logMove(publicView, decision.move, play.ctx);
  play.term.print(play.ctx.c.dim(`· ${line}`));
  // A secret choice keeps its reason secret too (it names the cards kept).
  if (play.explain && decision.reason && decision.move.type !== 'keepResources') {
    play.term.print(play.ctx.c.dim(`    why: ${reasonText(decision.reason, play.ctx)}`));
  }
  applyOrThrow(play, decision.move, false);
}

async function save(play: PlayContext): Promise<void> {
  let path = play.savePath;
  if (!path) {
    const answer = await play.term.ask(`Save to which file? [${play.defaultSaveName}] `);
    if (answer === null) return;
    path = answer === '' ? play.defaultSaveName : answer;
    play.savePath = path;
  }
  writeRecord(path, play.session.record());
  play.term.print(`Saved ${play.session.moves.length} moves to ${path}.`);
}

async function quit(play: PlayContext): Promise<Outcome> {
  const answer = await play.term.ask('Save before quitting? [y/N] ');
  if (answer !== null && /^y(es)?$/i.test(answer)) await save(play);
  return 'quit';
}

function showDecision(play: PlayContext, seat: Seat, ctx: RenderContext, full: boolean): Move[] {
  const state = play.session.state;
  const view = viewFor(state, seat);
  play.term.print(full ? `\n${renderBoard(view, ctx)}` : ctx.c.cyan(describeDecision(view, ctx)));
  if (view.decision.kind === 'activate') {
    const hint = activationHint(state, seat);
    if (hint) play.term.print(ctx.c.yellow(hint));
  }
  const legal = legalMoves(state, seat);
  legal.forEach((move, i) => {
    const reach = move.type === 'heist' ? heistReach(state, seat, move.card) : '';
    play.term.print(`  ${String(i + 1).padStart(2)}) ${describeMove(view, move, ctx)}${reach}`);
  });
  return legal;
}

async function humanMove(play: PlayContext, seat: Seat, fullBoard: boolean): Promise<Outcome> {
  const ctx = { ...play.ctx, viewer: seat };
  let legal = showDecision(play, seat, ctx, fullBoard);
  for (;;) {
    const undo = play.session.canUndo() ? ', u' : '';
    const answer = await play.term.ask(`Your choice [1-${legal.length}${undo}, s, b, t, q, ?]: `);
    if (answer === null) return 'quit';
    const chosen = /^\d+$/.test(answer) ? legal[Number(answer) - 1] : undefined;
    if (chosen !== undefined) {
      play.term.print(ctx.c.dim(`· ${logMove(viewFor(play.session.state, seat), chosen, ctx)}`));
      applyOrThrow(play, chosen, true);
      return 'moved';
    }
    switch (answer.toLowerCase()) {
      case 'u':
        if (play.session.undo()) {
          play.term.print('Taken back.');
          legal = showDecision(play, seat, ctx, true);
        } else {
          play.term.print('Nothing to undo: the last move revealed something or was not yours.');
        }
        break;
      case 's':
        await save(play);
        break;
      case 'b':
        legal = showDecision(play, seat, ctx, true);
        break;
      case 't':
        play.term.print(ctx.c.yellow(tipFor(play.session.state, seat, ctx)));
        break;
      case 'q':
        return quit(play);
      case '?':
      case 'h':
      case 'help':
        play.term.print(HELP);
        break;
      default:
        play.term.print(`"${answer}" is not a choice: type 1 to ${legal.length}, or ? for help.`);
    }
  }
}

/** Plays until the game is over ('finished') or the human quits ('quit'). */
export async function runGame(play: PlayContext): Promise<'finished' | 'quit'> {
  // The board is shown in full when a human's turn (or a different human) comes up.
  let lastBoard = '';
  while (!isGameOver(play.session.state)) {
    const seat = nextSeat(play);
    if (seat === null) {
      const kind = pendingDecision(play.session.state).kind;
      throw new RuntimeError(`no seat can move at decision "${kind}"`);
    }
    const bot = play.bots[seat];
    if (bot) {
      botMove(play, seat, bot);
      continue;
    }
    const boardKey = `${play.session.state.turnNumber}/${seat}`;
    const outcome = await humanMove(play, seat, boardKey !== lastBoard);
    lastBoard = boardKey;
    if (outcome === 'quit') return 'quit';
  }
  return 'finished';
}
