/**
 * What happened since the viewer's last turn, as data: the turn summary (TurnSummary.tsx) and
 * the status bar's last-move line are drawn from it. Read from the log's engine events only,
 * so it is the same for bots, hot-seat players and (online) other people, and survives a
 * reload. No words here: `recapText.ts` turns it into sentences.
 *
 * A turn is the run of events from a `turnStarted` to the next one; what happens at its end
 * (a snitch drawn by the refill, the end of a chapter, the gang war) belongs to it.
 */
import type { CardId, GameEvent, Seat } from '@gangsta/engine';
import type { LogEntry } from '../tableSource.ts';

/** The action of a turn (R-TURN-1): recruit, heist or pass, and what came with it. */
export type RecapAction =
  | { kind: 'heist'; card: CardId; partners: Seat[] }
  | { kind: 'heistAbandoned'; card: CardId }
  | { kind: 'recruit'; card: CardId; cost: number }
  | { kind: 'pass' }
  | { kind: 'rowDiscard'; card: CardId }
  | { kind: 'returned'; member: CardId }
  | { kind: 'trained'; member: CardId; skill: string }
  | { kind: 'playAgain' };

/** What the turn's player did to another seat. */
export type RecapHit =
  | { kind: 'theft'; target: Seat; amount: number }
  | { kind: 'assassination'; target: Seat; member: CardId | null }
  /** A member of `owner` took part in the player's heist (R-HEIST-9). */
  | { kind: 'borrowed'; owner: Seat; member: CardId }
  /** A Diversion engaged a member of `owner`. */
  | { kind: 'diverted'; owner: Seat; member: CardId };

/** Each seat's part in a snitch (R-SNITCH-2): spared, paid, or lost all and discarded. */
export interface SnitchOutcome {
  seat: Seat;
  paid: number;
  spared: boolean;
  discarded: CardId | null;
}

/** Moments of the whole table that happened during the turn. */
export type RecapMoment =
  | { kind: 'snitch'; value: number; outcomes: SnitchOutcome[] }
  /** R-CHAP-4: each seat's Mercenary icons and who discards. */
  | { kind: 'gangWar'; mercenaries: number[]; losers: Seat[]; discarded: (CardId | null)[] }
  /** R-CHAP-3: what each seat gained. */
  | { kind: 'opportunity'; amounts: number[] }
  | { kind: 'chapter'; chapter: number };

export interface TurnRecap {
  /** Whose turn it was. */
  seat: Seat;
  extra: boolean;
  /** R-MOB-1: the whole gang was engaged and became available at no cost. */
  synchronized: boolean;
  actions: RecapAction[];
  hits: RecapHit[];
  moments: RecapMoment[];
  /** Net change of each seat's cash (not the Bank) over the turn. */
  cash: number[];
  /** IP each seat gained from heists over the turn. */
  ip: number[];
}

function emptyRecap(seat: Seat, extra: boolean, seats: number): TurnRecap {
  return {
    seat,
    extra,
    synchronized: false,
    actions: [],
    hits: [],
    moments: [],
    cash: Array.from({ length: seats }, () => 0),
    ip: Array.from({ length: seats }, () => 0),
  };
}

/** How many seats the log speaks of (the game's first event names every Boss). */
function seatCount(log: readonly LogEntry[], fallback: number): number {
  const start = log.find((e) => e.event.type === 'gameStarted')?.event;
  return start?.type === 'gameStarted' ? start.bosses.length : fallback;
}

/** Adds to a seat's running total; a seat outside the table is ignored. */
function addTo(totals: number[], seat: Seat, amount: number): void {
  const before = totals[seat];
  if (before !== undefined) totals[seat] = before + amount;
}

function addEvent(recap: TurnRecap, event: GameEvent, state: { fromDeckCost: number }): void {
  const cash = (seat: Seat, amount: number) => addTo(recap.cash, seat, amount);
  const lastMoment = recap.moments.at(-1);
  switch (event.type) {
    case 'synchronized':
      if (event.seat === recap.seat) recap.synchronized = true;
      return;
    case 'income':
    case 'opportunityIncome':
      cash(event.seat, event.amount);
      if (event.type === 'opportunityIncome') {
        const moment = recap.moments.find((m) => m.kind === 'opportunity');
        if (moment?.kind === 'opportunity') moment.amounts[event.seat] = event.amount;
        else {
          const amounts = recap.cash.map(() => 0);
          amounts[event.seat] = event.amount;
          recap.moments.push({ kind: 'opportunity', amounts });
        }
      }
      return;
    case 'readied':
    case 'gangReadied':
      cash(event.seat, -event.cost);
      return;
    case 'bank':
      cash(event.seat, -event.amount);
      return;
    case 'recruited':
      cash(event.seat, -event.cost);
      // A Recruit reward is part of the heist; only the action itself is listed as such.
      recap.actions.push({ kind: 'recruit', card: event.card, cost: event.cost });
      return;
    case 'heistChosen':
      cash(event.seat, -event.cost);
      state.fromDeckCost = event.fromDeck ? event.cost : 0;
      return;
    case 'heistAbandoned':
      // Biker gang's price comes back with a heist from the deck given up (no event says so).
      cash(event.seat, state.fromDeckCost);
      state.fromDeckCost = 0;
      recap.actions.push({ kind: 'heistAbandoned', card: event.card });
      return;
    case 'activated':
      if (event.owner !== event.seat) {
        recap.hits.push({ kind: 'borrowed', owner: event.owner, member: event.member });
      }
      return;
    case 'heistCompleted':
      recap.actions.push({
        kind: 'heist',
        card: event.card,
        partners: event.participants.filter((s) => s !== event.seat),
      });
      return;
    case 'influence':
      addTo(recap.ip, event.seat, event.amount);
      return;
    case 'trained':
      recap.actions.push({ kind: 'trained', member: event.member, skill: event.skill });
      return;
    case 'playAgainWon':
      recap.actions.push({ kind: 'playAgain' });
      return;
    case 'theft':
      cash(event.seat, event.amount);
      cash(event.target, -event.amount);
      recap.hits.push({ kind: 'theft', target: event.target, amount: event.amount });
      return;
    case 'assassinationOrdered':
      recap.hits.push({ kind: 'assassination', target: event.target, member: null });
      return;
    case 'diverted':
      recap.hits.push({ kind: 'diverted', owner: event.owner, member: event.member });
      return;
    case 'memberDiscarded': {
      if (event.reason === 'assassination') {
        const hit = recap.hits.findLast(
          (h) => h.kind === 'assassination' && h.target === event.seat && h.member === null,
        );
        if (hit?.kind === 'assassination') hit.member = event.member;
      } else if (event.reason === 'snitch') {
        const snitch = recap.moments.findLast((m) => m.kind === 'snitch');
        const outcome =
          snitch?.kind === 'snitch' ? snitch.outcomes.find((o) => o.seat === event.seat) : null;
        if (outcome) outcome.discarded = event.member;
      } else {
        const war = recap.moments.findLast((m) => m.kind === 'gangWar');
        if (war?.kind === 'gangWar') war.discarded[event.seat] = event.member;
      }
      return;
    }
    case 'passed':
      recap.actions.push({ kind: 'pass' });
      return;
    case 'returnedFromHospital':
      recap.actions.push({ kind: 'returned', member: event.member });
      return;
    case 'rowCardDiscarded':
      recap.actions.push({ kind: 'rowDiscard', card: event.card });
      return;
    case 'snitchRevealed':
      recap.moments.push({ kind: 'snitch', value: event.value, outcomes: [] });
      return;
    case 'snitchPaid':
    case 'snitchSpared': {
      if (event.type === 'snitchPaid') cash(event.seat, -event.amount);
      if (lastMoment?.kind !== 'snitch') return;
      lastMoment.outcomes.push({
        seat: event.seat,
        paid: event.type === 'snitchPaid' ? event.amount : 0,
        spared: event.type === 'snitchSpared',
        discarded: null,
      });
      return;
    }
    case 'gangWar':
      recap.moments.push({
        kind: 'gangWar',
        mercenaries: [...event.mercenaries],
        losers: [...event.losers],
        discarded: event.mercenaries.map(() => null),
      });
      return;
    case 'chapterStarted':
      recap.moments.push({ kind: 'chapter', chapter: event.chapter });
      return;
    default:
      return;
  }
}

/** The events of `entries` grouped by turn. `before` (the log before them) says whose turn
 * the first events belong to when they do not begin with a `turnStarted`. */
export function recapTurns(
  entries: readonly LogEntry[],
  before: readonly LogEntry[] = [],
  seats = seatCount([...before, ...entries], 4),
): TurnRecap[] {
  const opening = before.findLast((e) => e.event.type === 'turnStarted')?.event;
  const recaps: TurnRecap[] = [];
  let current: TurnRecap | null =
    opening?.type === 'turnStarted' ? emptyRecap(opening.seat, opening.extra, seats) : null;
  const state = { fromDeckCost: 0 };
  for (const { event } of entries) {
    if (event.type === 'turnStarted') {
      if (current) recaps.push(current);
      current = emptyRecap(event.seat, event.extra, seats);
      state.fromDeckCost = 0;
      continue;
    }
    if (current) addEvent(current, event, state);
  }
  if (current) recaps.push(current);
  return recaps;
}

/** Whether a recap has anything worth a line. */
export function isEmptyRecap(recap: TurnRecap): boolean {
  return (
    recap.actions.length === 0 &&
    recap.hits.length === 0 &&
    recap.moments.length === 0 &&
    !recap.synchronized &&
    recap.cash.every((c) => c === 0) &&
    recap.ip.every((c) => c === 0)
  );
}

export interface TurnSummaryModel {
  /** The others' turns since the viewer's last turn ended, oldest first. */
  turns: TurnRecap[];
  /** The viewer's turn now under way, when something happened in it already (R-MOB-1). */
  yours: TurnRecap | null;
  /** The id of the newest log entry read: a summary is dismissed for that point. */
  upTo: number;
}

/**
 * The summary shown when the viewer's turn comes back: every turn of the others since the
 * viewer's last turn ended (the whole game so far before their first), and what has already
 * happened at the start of the viewer's own turn. Null when there is nothing to tell.
 */
export function turnSummary(log: readonly LogEntry[], viewer: Seat): TurnSummaryModel | null {
  const lastEnd = log.findLastIndex((e) => e.event.type === 'turnEnded' && e.event.seat === viewer);
  const start = lastEnd + 1;
  const recaps = recapTurns(log.slice(start), log.slice(0, start));
  // The first group may be the end of the viewer's own last turn (what came after it: the end
  // of a chapter, the gang war; only those moments are told) or the turn the window opened in.
  const current = recaps.at(-1);
  const yours = current && current.seat === viewer ? current : null;
  const turns = recaps.filter(
    (r) => r !== yours && !isEmptyRecap(r) && (r.seat !== viewer || r.moments.length > 0),
  );
  // The others' part ends where the viewer's turn began: moves of the viewer's own leave it as
  // it is (a dismissed summary stays dismissed for the rest of the turn).
  const ownStart = yours
    ? log.findLastIndex((e) => e.event.type === 'turnStarted' && e.event.seat === viewer)
    : -1;
  const upTo = (ownStart > 0 ? log[ownStart - 1]?.id : log.at(-1)?.id) ?? -1;
  const yoursShown = yours && (yours.synchronized || yours.moments.length > 0) ? yours : null;
  if (turns.length === 0 && !yoursShown) return null;
  return { turns, yours: yoursShown, upTo };
}

/** The events of one move as one recap (the status bar's "what just happened" line). */
export function recapMove(log: readonly LogEntry[], moveIndex: number, seat: Seat): TurnRecap {
  const first = log.findIndex((e) => e.moveIndex === moveIndex);
  if (first < 0) return emptyRecap(seat, false, seatCount(log, 4));
  const entries = log.filter((e) => e.moveIndex === moveIndex);
  // Only the mover's part: the next player's turn may begin within the same move's events.
  const next = entries.findIndex((e) => e.event.type === 'turnStarted' && e.event.seat !== seat);
  const own = next < 0 ? entries : entries.slice(0, next);
  const recap = emptyRecap(seat, false, seatCount(log, 4));
  const state = { fromDeckCost: 0 };
  for (const { event } of own) addEvent(recap, event, state);
  return recap;
}
