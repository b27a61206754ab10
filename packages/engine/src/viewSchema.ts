/**
 * zod schemas of what leaves the engine for a seat or a spectator: the view (`GameView`,
 * view.ts) and the events (`GameEvent`, types.ts). The engine never parses its own output
 * with them; they exist so that a peer written in another language has the exact shape in
 * writing: the protocol's JSON Schemas (`@gangsta/protocol/documents`, docs/api) are zod's own
 * conversion of these. Objects are strict: `test/view-schema.test.ts` parses every view and
 * every event of random games of every variant with them, so a field added to the types and
 * not here (or the other way round) fails there instead of leaving the documents behind.
 */
import { z } from 'zod';
import { cardSetSchema, rewardSchema, skillSchema } from './cards/schema.ts';
import { RULESETS } from './options.ts';
import { SCORE_SOURCES } from './scoreSources.ts';
import type { GameEvent } from './types.ts';
import type { GameView } from './view.ts';

const seat = z.number().int().min(0).max(3);
const cardId = z.string();
const count = z.number().int().nonnegative();
/** Money moves and amounts that may be negative (a Bank withdrawal). */
const amount = z.number().int();
const chapter = z.union([z.literal(1), z.literal(2), z.literal(3)]);
const seats = z.array(seat);

export const phaseSchema = z.enum([
  'resourceChoice',
  'mobilization',
  'action',
  'heist',
  'endOfTurn',
  'gameOver',
]);
export const chapterEndReasonSchema = z.enum(['gangSize', 'snitches', 'safeguard']);

export const memberSchema = z.strictObject({
  id: cardId,
  engaged: z.boolean(),
  learned: skillSchema.exactOptional(),
  tucked: cardId.exactOptional(),
});

const keptResourceSchema = z.strictObject({ id: cardId, active: z.boolean() });

const peekSchema = z.strictObject({
  heist: cardId.nullable().exactOptional(),
  gangster: cardId.nullable().exactOptional(),
});

export const playerViewSchema = z.strictObject({
  seat,
  boss: cardId,
  gang: z.array(memberSchema),
  cash: count,
  bank: count,
  heistIp: count.nullable(),
  pile: z.array(cardId).nullable(),
  pileSize: count,
  hospital: z.array(memberSchema),
  resources: z.array(keptResourceSchema),
  resourcesChosen: z.boolean(),
  dealt: z.array(cardId),
  peek: peekSchema,
});

/** `GameOptions` without the seed, as a view carries them. */
const viewOptionsSchema = z.strictObject({
  players: z.number().int().min(2).max(4),
  families: z.boolean(),
  resources: z.boolean(),
  expertResources: z.boolean(),
  minimumPassIncome: z.boolean(),
  catchUpCash: z.boolean(),
  privateHeistInfluence: z.boolean(),
  ruleset: z.enum(RULESETS).exactOptional(),
  firstPlayer: seat.exactOptional(),
  bosses: z.array(cardId).exactOptional(),
});

const turnSchema = z.strictObject({
  seat,
  extra: z.boolean(),
  playAgain: z.boolean(),
  freeReadies: count,
  headquartersUsed: z.boolean(),
  productive: z.boolean(),
  acted: z.boolean(),
  abandons: count,
  bankMoves: count,
});

const heistInProgressSchema = z.strictObject({
  card: cardId,
  initiator: seat,
  fromDeck: z.boolean(),
  remaining: z.array(skillSchema),
  activated: z.array(z.strictObject({ member: cardId, seat })),
  requirementSettled: z.boolean(),
  completed: z.boolean(),
  cooperative: z.boolean(),
  trainedMember: cardId.exactOptional(),
});

/** A step the engine will still carry out (`Task`, types.ts). */
const taskSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('reward'), seat, reward: rewardSchema, heist: cardId }),
  z.strictObject({ kind: z.literal('diversion'), seat, left: count }),
  z.strictObject({ kind: z.literal('assassinationDiscard'), seat }),
  z.strictObject({ kind: z.literal('privateJet'), seat }),
  z.strictObject({ kind: z.literal('finishHeist') }),
  z.strictObject({ kind: z.literal('refillHeistSlot'), slot: count }),
  z.strictObject({ kind: z.literal('resolveSnitch'), snitch: cardId }),
  z.strictObject({ kind: z.literal('snitchDiscard'), seat, snitch: cardId }),
  z.strictObject({ kind: z.literal('passHospital'), seat }),
  z.strictObject({ kind: z.literal('passDiscard'), seat }),
  z.strictObject({ kind: z.literal('secretSociety'), seat }),
  z.strictObject({ kind: z.literal('bankAtTurnEnd'), seat }),
  z.strictObject({ kind: z.literal('bankWindow'), seat }),
  z.strictObject({ kind: z.literal('bankBeforeSnitch'), seat, snitch: cardId }),
  z.strictObject({ kind: z.literal('endOfTurn') }),
  z.strictObject({ kind: z.literal('finishTurn') }),
  z.strictObject({ kind: z.literal('gangWarDiscard'), seat, chooser: seat }),
  z.strictObject({ kind: z.literal('startChapter'), firstPlayer: seat }),
]);

/** Who must decide what now (`Decision`, types.ts). */
export const decisionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('keepResources'), seats, keep: count }),
  z.strictObject({ kind: z.literal('mobilize'), seat, freeReadies: count }),
  z.strictObject({ kind: z.literal('action'), seat }),
  z.strictObject({ kind: z.literal('highTech'), seat, heist: cardId }),
  z.strictObject({
    kind: z.literal('activate'),
    seat,
    heist: cardId,
    remaining: z.array(skillSchema),
  }),
  z.strictObject({ kind: z.literal('recruitReward'), seat }),
  z.strictObject({ kind: z.literal('training'), seat, skill: skillSchema }),
  z.strictObject({ kind: z.literal('theft'), seat, amount: count }),
  z.strictObject({ kind: z.literal('assassination'), seat }),
  z.strictObject({ kind: z.literal('assassinationDiscard'), seat }),
  z.strictObject({ kind: z.literal('mobilizationReward'), seat }),
  z.strictObject({ kind: z.literal('diversion'), seat, left: count }),
  z.strictObject({ kind: z.literal('privateJet'), seat }),
  z.strictObject({ kind: z.literal('hospitalReturn'), seat }),
  z.strictObject({ kind: z.literal('passDiscard'), seat }),
  z.strictObject({ kind: z.literal('secretSociety'), seat }),
  z.strictObject({
    kind: z.literal('bank'),
    seat,
    snitch: cardId.exactOptional(),
    owed: count.exactOptional(),
  }),
  z.strictObject({ kind: z.literal('snitchDiscard'), seat, snitch: cardId }),
  z.strictObject({ kind: z.literal('gangWarDiscard'), seat, victim: seat }),
  z.strictObject({ kind: z.literal('gameOver') }),
]);

/** A seat's final score: IP from each of `SCORE_SOURCES`, the total and the tie-break. */
export const scoreBreakdownSchema = z.strictObject({
  seat,
  ...(Object.fromEntries(SCORE_SOURCES.map((source) => [source, amount])) as Record<
    (typeof SCORE_SOURCES)[number],
    typeof amount
  >),
  total: amount,
  gangSize: count,
});

export const gameResultSchema = z.strictObject({
  scores: z.array(scoreBreakdownSchema),
  winners: seats,
  reason: chapterEndReasonSchema,
});

/** The game as one seat (or a spectator, `viewer: null`) may see it: `viewFor`'s answer. */
export const gameViewSchema = z.strictObject({
  viewer: seat.nullable(),
  options: viewOptionsSchema,
  cards: cardSetSchema,
  players: z.array(playerViewSchema),
  phase: phaseSchema,
  chapter,
  turn: turnSchema,
  turnNumber: count,
  heistRow: z.array(cardId.nullable()),
  heistDeckCount: count,
  laterHeists: z.array(cardId),
  recruitRow: z.array(cardId.nullable()),
  gangsterDeckCount: count,
  removed: z.array(cardId),
  snitchesThisChapter: count,
  idleTurns: count,
  chapterEndPending: z.boolean(),
  chapterEndReason: chapterEndReasonSchema.nullable(),
  gangWarBegun: z.boolean(),
  queue: z.array(taskSchema),
  moveCount: count,
  undoFloor: count,
  heist: heistInProgressSchema.nullable(),
  decision: decisionSchema,
  result: gameResultSchema.nullable(),
});

const incomeReason = z.enum(['heist', 'pass', 'blackMarket', 'counterfeitPrinter', 'opportunity']);
const readyReason = z.enum(['leader', 'paid', 'privateJet', 'secretSociety']);
const discardReason = z.enum(['assassination', 'snitch', 'gangWar']);
const row = z.enum(['heist', 'recruit']);

/** What happened, for logs and animation (`GameEvent`, types.ts); `to` marks a private one. */
export const gameEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('gameStarted'), firstPlayer: seat, bosses: z.array(cardId) }),
  z.strictObject({ type: z.literal('resourcesDealt'), seat, cards: z.array(cardId), to: seat }),
  z.strictObject({ type: z.literal('resourcesChosen'), seat }),
  z.strictObject({ type: z.literal('resourcesRevealed'), kept: z.array(z.array(cardId)) }),
  z.strictObject({ type: z.literal('resourceActivated'), seat, card: cardId }),
  z.strictObject({ type: z.literal('turnStarted'), seat, turn: count, extra: z.boolean() }),
  z.strictObject({ type: z.literal('income'), seat, amount, reason: incomeReason }),
  z.strictObject({
    type: z.literal('peeked'),
    seat,
    heist: cardId.nullable().exactOptional(),
    gangster: cardId.nullable().exactOptional(),
    to: seat,
  }),
  z.strictObject({ type: z.literal('synchronized'), seat }),
  z.strictObject({
    type: z.literal('readied'),
    seat,
    member: cardId,
    cost: count,
    reason: readyReason,
  }),
  z.strictObject({
    type: z.literal('gangReadied'),
    seat,
    cost: count,
    reason: z.enum(['headquarters', 'mobilization']),
  }),
  z.strictObject({ type: z.literal('bank'), seat, amount }),
  z.strictObject({
    type: z.literal('recruited'),
    seat,
    card: cardId,
    cost: count,
    fromDeck: z.boolean(),
  }),
  z.strictObject({
    type: z.literal('heistChosen'),
    seat,
    card: cardId,
    fromDeck: z.boolean(),
    cost: count,
  }),
  z.strictObject({ type: z.literal('iconRemoved'), seat, skill: skillSchema }),
  z.strictObject({
    type: z.literal('activated'),
    seat,
    member: cardId,
    owner: seat,
    remaining: z.array(skillSchema),
  }),
  z.strictObject({ type: z.literal('heistAbandoned'), seat, card: cardId }),
  z.strictObject({
    type: z.literal('heistCompleted'),
    seat,
    card: cardId,
    cooperative: z.boolean(),
    participants: seats,
  }),
  z.strictObject({
    type: z.literal('influence'),
    seat,
    amount,
    private: z.literal(true).exactOptional(),
  }),
  z.strictObject({ type: z.literal('influenceHidden'), seat }),
  z.strictObject({ type: z.literal('trained'), seat, member: cardId, skill: skillSchema }),
  z.strictObject({ type: z.literal('playAgainWon'), seat }),
  z.strictObject({ type: z.literal('theft'), seat, target: seat, amount }),
  z.strictObject({ type: z.literal('assassinationOrdered'), seat, target: seat }),
  z.strictObject({
    type: z.literal('memberDiscarded'),
    seat,
    member: cardId,
    reason: discardReason,
    toHospital: z.boolean(),
  }),
  z.strictObject({ type: z.literal('diverted'), seat, member: cardId, owner: seat }),
  z.strictObject({ type: z.literal('passed'), seat }),
  z.strictObject({ type: z.literal('returnedFromHospital'), seat, member: cardId }),
  z.strictObject({ type: z.literal('rowCardDiscarded'), seat, card: cardId, row }),
  z.strictObject({
    type: z.literal('rowRefilled'),
    row,
    slot: count,
    card: cardId.nullable(),
  }),
  z.strictObject({ type: z.literal('snitchRevealed'), card: cardId, value: count, count }),
  z.strictObject({ type: z.literal('snitchPaid'), seat, amount }),
  z.strictObject({ type: z.literal('snitchSpared'), seat }),
  z.strictObject({
    type: z.literal('chapterEnding'),
    chapter: count,
    seat,
    reason: chapterEndReasonSchema,
  }),
  z.strictObject({ type: z.literal('opportunityIncome'), seat, amount, icons: count }),
  z.strictObject({ type: z.literal('gangWar'), mercenaries: z.array(count), losers: seats }),
  z.strictObject({
    type: z.literal('chapterStarted'),
    chapter: count,
    firstPlayer: seat,
    row: z.array(cardId.nullable()),
  }),
  z.strictObject({ type: z.literal('turnEnded'), seat }),
  z.strictObject({ type: z.literal('gameEnded'), result: gameResultSchema }),
]);

// Every view and event the engine makes has the schemas' shape (checked at run time by the
// test); these lines check the other half at compile time: whatever the schemas accept is a
// value of the engine's types, so a field the types drop or narrow is an error here.
type Parsed<T extends z.ZodType> = z.output<T>;
const _viewFits = (parsed: Parsed<typeof gameViewSchema>): GameView => parsed;
const _eventFits = (parsed: Parsed<typeof gameEventSchema>): GameEvent => parsed;
void _viewFits;
void _eventFits;
