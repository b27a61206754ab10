/** Chapter ends and starts (R-CHAP-3..7), and the end of the game. */
import { type Ctx, emit, pushFront, seatsFrom } from '../context.ts';
import { itemAt, playerAt } from '../guards.ts';
import { gangIconCount, gangIcons } from '../members.ts';
import { shuffle } from '../rng.ts';
import { finalScores } from '../scoring.ts';
import type { CardId, Seat, Task } from '../types.ts';
import { discardableMembers } from './gang.ts';

export const ROW_SIZE = 5;

/**
 * Lays out a chapter's row from its shuffled deck (R-CHAP-6, R-SETUP-2): snitches met while
 * laying out are set aside unresolved, then shuffled back into the deck.
 */
export function layOutHeistRow(ctx: Ctx): void {
  const { state } = ctx;
  const setAside: CardId[] = [];
  state.heistRow = [];
  while (state.heistRow.length < ROW_SIZE) {
    const card = state.heistDeck.shift();
    if (card === undefined) {
      state.heistRow.push(null);
    } else if (ctx.cards.isSnitch(card)) {
      setAside.push(card);
    } else {
      state.heistRow.push(card);
    }
  }
  if (setAside.length > 0) {
    state.heistDeck.push(...setAside);
    shuffle(state, state.heistDeck);
  }
}

/** Opportunity income (R-CHAP-3): everyone below the most icons gains the difference. */
function opportunityIncome(ctx: Ctx): void {
  const counts = ctx.state.players.map((p) => gangIcons(ctx.cards, p).length);
  const most = Math.max(...counts);
  counts.forEach((icons, seat) => {
    const amount = most - icons;
    playerAt(ctx.state, seat).cash += amount;
    emit(ctx, { type: 'opportunityIncome', seat, amount, icons });
  });
}

/** The gang war (R-CHAP-4, R-CHAP-5): who discards, and who chooses. */
export function gangWarDiscards(mercenaries: number[]): { victim: Seat; chooser: Seat }[] {
  const most = Math.max(...mercenaries);
  const leaders = mercenaries.flatMap((count, seat) => (count === most ? [seat] : []));
  if (mercenaries.length === 2 && leaders.length === 1) {
    const winner = itemAt(leaders, 0, 'gang-war leader');
    const loser = 1 - winner;
    const fewest = itemAt(mercenaries, loser, 'seat');
    const winnerPicks = most >= 2 * fewest && most > 0;
    return [{ victim: loser, chooser: winnerPicks ? winner : loser }];
  }
  if (leaders.length > 1) return mercenaries.map((_, seat) => ({ victim: seat, chooser: seat }));
  return mercenaries.flatMap((_, seat) =>
    seat === leaders[0] ? [] : [{ victim: seat, chooser: seat }],
  );
}

function startGangWar(ctx: Ctx): Task[] {
  const { state } = ctx;
  state.gangWarBegun = true;
  const mercenaries = state.players.map((p) => gangIconCount(ctx.cards, p, 'M'));
  const discards = gangWarDiscards(mercenaries);
  emit(ctx, { type: 'gangWar', mercenaries, losers: discards.map((d) => d.victim) });
  const tasks: Task[] = [];
  for (const seat of seatsFrom(state, state.turn.seat)) {
    const discard = discards.find((d) => d.victim === seat);
    if (discard && discardableMembers(playerAt(state, seat)).length > 0) {
      tasks.push({ kind: 'gangWarDiscard', seat, chooser: discard.chooser });
    }
  }
  return tasks;
}

/** Ends the current chapter at the end of the turn of the player who ended it (R-CHAP-2). */
export function endChapter(ctx: Ctx): void {
  const { state } = ctx;
  ctx.irreversible = true;
  const ender = state.turn.seat;
  const next = (ender + 1) % state.players.length;
  if (state.chapter === 3) {
    endGame(ctx);
    return;
  }
  const tasks: Task[] = state.chapter === 1 ? [] : startGangWar(ctx);
  if (state.chapter === 1) opportunityIncome(ctx);
  pushFront(state, ...tasks, { kind: 'startChapter', firstPlayer: next });
}

/** Clears the old chapter and lays out the next one (R-CHAP-6). */
export function startNextChapter(ctx: Ctx): void {
  const { state } = ctx;
  const chapter = (state.chapter + 1) as 2 | 3;
  for (const card of state.heistRow) if (card) state.removed.push(card);
  // The old deck leaves unseen: sorted, so its order stays hidden (R-INFO-2).
  state.removed.push(...[...state.heistDeck].sort());
  state.chapter = chapter;
  state.heistDeck = state.laterHeists.filter((id) => ctx.cards.chapterOf(id) === chapter);
  state.laterHeists = state.laterHeists.filter((id) => ctx.cards.chapterOf(id) !== chapter);
  shuffle(state, state.heistDeck);
  layOutHeistRow(ctx);
  state.snitchesThisChapter = 0;
  state.idleTurns = 0;
  state.chapterEndPending = false;
  state.chapterEndReason = null;
}

export function endGame(ctx: Ctx): void {
  const { state } = ctx;
  state.phase = 'gameOver';
  state.queue = [];
  state.heist = null;
  state.result = finalScores(state, state.chapterEndReason ?? 'gangSize');
  emit(ctx, { type: 'gameEnded', result: state.result });
}
