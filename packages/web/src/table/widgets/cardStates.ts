/**
 * Which cards on the table the pending decision is about, and for each of them either the legal
 * move a click plays (highlighted) or why it cannot be chosen (dimmed, with a reason). The
 * engine's legal moves decide: a card is clickable exactly when a legal move names it; the
 * reasons only explain, worked out from the viewer's view.
 */
import {
  cardsNamed,
  type Decision,
  type GameView,
  heistHint,
  iconsOf,
  type Member,
  type Move,
  playerAt,
  type Seat,
  type Skill,
} from '@gangsta/engine';
import { heistCandidates, isLeader, lookup, readyCost, recruitPrice } from '../../game/derive.ts';

/** Why a card the decision is about cannot be chosen: a message id under `table.why` and its parameters. */
export interface Reason {
  key: string;
  params?: Record<string, string | number>;
  /** Skills named by the reason, translated by the caller (`{{icons}}`). */
  skills?: Skill[];
}

export type CardState =
  | { kind: 'legal'; move: Move; doable?: boolean; needsOthers?: boolean }
  | { kind: 'blocked'; reason: Reason };

/** Moves played on cards (the rest are the status bar's buttons). */
export const CARD_MOVE_TYPES: ReadonlySet<Move['type']> = new Set([
  'recruit',
  'heist',
  'discardRow',
  'ready',
  'activate',
  'train',
  'discardMember',
  'engage',
  'returnFromHospital',
]);

/** Moves played on the decks and on resource cards. */
export const DECK_MOVE_TYPES: ReadonlySet<Move['type']> = new Set([
  'recruitFromDeck',
  'heistFromDeck',
]);

const ON_TABLE: ReadonlySet<Move['type']> = new Set([
  ...CARD_MOVE_TYPES,
  ...DECK_MOVE_TYPES,
  'headquarters',
  'bank',
  'keepResources',
  // Theft and Assassination are played on the chosen player's board, where their cash and
  // their two-icon members can be read.
  'target',
]);

/** The moves that are not played on a card or a board: Pass, Done, High-tech, give up… */
export function barMoves(legal: readonly Move[]): Move[] {
  return legal.filter((m) => !ON_TABLE.has(m.type));
}

/** Icons of `requirement` that the available members cannot supply at all (one for one). */
export function missingIcons(
  requirement: readonly Skill[],
  members: readonly Member[],
  view: GameView,
): Skill[] {
  const cards = lookup(view);
  const supply: Skill[] = members.filter((m) => !m.engaged).flatMap((m) => iconsOf(cards, m));
  const missing: Skill[] = [];
  for (const icon of requirement) {
    const at = supply.indexOf(icon);
    if (at >= 0) supply.splice(at, 1);
    else missing.push(icon);
  }
  return missing;
}

function rowIds(row: readonly (string | null)[]): string[] {
  return row.filter((id): id is string => id !== null);
}

const notNow: Reason = { key: 'notNow' };

function heistReason(view: GameView, seat: Seat, id: string): Reason {
  const requirement = lookup(view).heist(id).requirement;
  const missing = missingIcons(requirement, playerAt(view, seat).gang, view);
  return missing.length > 0 ? { key: 'needs', skills: missing } : { key: 'noOrder' };
}

function recruitReason(view: GameView, seat: Seat, id: string): Reason {
  const price = recruitPrice(view, seat, id);
  const cash = playerAt(view, seat).cash;
  return price > cash ? { key: 'costs', params: { cost: price, cash } } : notNow;
}

/** Cards in the rows: heists and recruits for the action, recruits for a Recruit reward. */
function rowStates(
  view: GameView,
  decision: Decision,
  seat: Seat,
  out: Map<string, CardState>,
): void {
  const heists = decision.kind === 'action' || decision.kind === 'passDiscard';
  const recruits = heists || decision.kind === 'recruitReward';
  if (heists) {
    for (const id of rowIds(view.heistRow)) {
      if (out.has(id)) continue;
      out.set(id, {
        kind: 'blocked',
        reason: decision.kind === 'action' ? heistReason(view, seat, id) : notNow,
      });
    }
  }
  if (recruits) {
    for (const id of rowIds(view.recruitRow)) {
      if (!out.has(id)) out.set(id, { kind: 'blocked', reason: recruitReason(view, seat, id) });
    }
  }
}

/** Why one of the deciding seat's members cannot be chosen in a member decision. */
function memberReason(view: GameView, decision: Decision, member: Member, index: number): Reason {
  const cards = lookup(view);
  switch (decision.kind) {
    case 'mobilize': {
      if (!member.engaged) return { key: 'alreadyAvailable' };
      const cost = readyCost(decision);
      const cash = playerAt(view, decision.seat).cash;
      return cost > cash ? { key: 'costs', params: { cost, cash } } : notNow;
    }
    case 'privateJet':
      return member.engaged ? notNow : { key: 'alreadyAvailable' };
    case 'secretSociety':
      if (!isLeader(cards, member)) return { key: 'notLeader' };
      return member.engaged ? notNow : { key: 'alreadyAvailable' };
    case 'training':
      return { key: 'cannotLearn' };
    case 'diversion':
      return member.engaged ? { key: 'alreadyEngaged' } : notNow;
    case 'assassinationDiscard':
      if (index === 0) return { key: 'bossStays' };
      return iconsOf(cards, member).length === 2 ? notNow : { key: 'notTwoIcons' };
    case 'snitchDiscard':
    case 'gangWarDiscard':
      return index === 0 ? { key: 'bossStays' } : notNow;
    default:
      return notNow;
  }
}

/** The gangs (or hospitals) a member decision is about. */
function memberScope(view: GameView, decision: Decision): Member[][] {
  const seat = 'seat' in decision ? decision.seat : null;
  if (seat === null) return [];
  switch (decision.kind) {
    case 'mobilize':
    case 'privateJet':
    case 'secretSociety':
    case 'training':
    case 'snitchDiscard':
    case 'assassinationDiscard':
      return [playerAt(view, seat).gang];
    case 'hospitalReturn':
      return [playerAt(view, seat).hospital];
    case 'gangWarDiscard':
      return [playerAt(view, decision.victim).gang];
    case 'diversion':
      return view.players.filter((p) => p.seat !== seat).map((p) => p.gang);
    default:
      return [];
  }
}

function activateStates(
  view: GameView,
  decision: Extract<Decision, { kind: 'activate' }>,
  legal: readonly Move[],
  out: Map<string, CardState>,
): void {
  for (const candidate of heistCandidates(view, decision, legal)) {
    if (out.has(candidate.member.id) || candidate.reason === null) continue;
    out.set(candidate.member.id, {
      kind: 'blocked',
      reason: { key: `activate.${candidate.reason}` },
    });
  }
}

/** Legal heists the viewer can finish alone are "doable"; cooperative ones may need others. */
function markHeists(view: GameView, seat: Seat, out: Map<string, CardState>): void {
  for (const [id, state] of out) {
    if (state.kind !== 'legal' || state.move.type !== 'heist') continue;
    const feasible = heistHint(view, seat, id, 1).feasible;
    out.set(id, { ...state, doable: feasible, needsOthers: !feasible });
  }
}

/**
 * Every card the decision is about, by id. Legal moves that name a card make it `legal` (the
 * first such move wins: one card, one move); the other cards in scope are `blocked` with a reason.
 */
export function cardStates(
  view: GameView,
  decision: Decision,
  legal: readonly Move[],
  coached = false,
): Map<string, CardState> {
  const out = rulesStates(view, decision, legal);
  if (!coached) return out;
  // The tutorial withholds moves the rules allow: its dimmed cards only say to follow the coach.
  const coach: CardState = { kind: 'blocked', reason: { key: 'coach' } };
  for (const [id, state] of out) if (state.kind === 'blocked') out.set(id, coach);
  return out;
}

function rulesStates(
  view: GameView,
  decision: Decision,
  legal: readonly Move[],
): Map<string, CardState> {
  const out = new Map<string, CardState>();
  for (const move of legal) {
    if (!CARD_MOVE_TYPES.has(move.type)) continue;
    for (const id of cardsNamed(move)) if (!out.has(id)) out.set(id, { kind: 'legal', move });
  }
  const first = legal[0];
  if (first === undefined || decision.kind === 'gameOver') return out;
  const seat = first.seat;
  if (decision.kind === 'action') markHeists(view, seat, out);
  rowStates(view, decision, seat, out);
  if (decision.kind === 'activate') activateStates(view, decision, legal, out);
  for (const members of memberScope(view, decision)) {
    members.forEach((member, index) => {
      if (!out.has(member.id)) {
        out.set(member.id, {
          kind: 'blocked',
          reason: memberReason(view, decision, member, index),
        });
      }
    });
  }
  return out;
}

/** The hint order of the heist being put together: member id → its place (1, 2, …). */
export function hintNumbers(order: readonly string[]): Map<string, number> {
  return new Map(order.map((id, index) => [id, index + 1]));
}
