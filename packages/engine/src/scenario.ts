/**
 * Scenarios: a game position written in a few lines of JSON, for tests, tutorials and bug
 * reports. Any card can be placed anywhere; cards not placed fall back to where a game would
 * keep them (current chapter's heists at the bottom of its deck, later chapters' aside,
 * gangsters at the bottom of the gangster deck, resources in their deck).
 */
import { z } from 'zod';
import { CLASSIC_CARDS, cardsOf, heistInRuleset } from './cards/index.ts';
import { parseCardSet, skillSchema } from './cards/schema.ts';
import { makeCtx } from './context.ts';
import { itemAt } from './guards.ts';
import { parseOptions } from './options.ts';
import { ROW_SIZE } from './rules/chapters.ts';
import { startTurn } from './rules/turn.ts';
import { blankState, newPlayer } from './setup.ts';
import { advance } from './step.ts';
import type { EngineError, GameState, Member, Task } from './types.ts';

const memberSchema = z.union([
  z.string(),
  z.object({
    id: z.string(),
    engaged: z.boolean().default(false),
    learned: skillSchema.optional(),
    tucked: z.string().optional(),
  }),
]);

const playerSchema = z.object({
  boss: z.string(),
  /** Gangsters (the Boss is added first unless listed). */
  gang: z.array(memberSchema).default([]),
  bossEngaged: z.boolean().default(false),
  cash: z.number().int().min(0).default(0),
  bank: z.number().int().min(0).default(0),
  heistIp: z.number().int().min(0).default(0),
  pile: z.array(z.string()).default([]),
  hospital: z.array(memberSchema).default([]),
  resources: z.array(z.object({ id: z.string(), active: z.boolean().default(true) })).default([]),
});

export const scenarioSchema = z.object({
  options: z.record(z.string(), z.unknown()).default({}),
  chapter: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  players: z.array(playerSchema).min(2).max(4),
  /** The seat whose turn it is. */
  activeSeat: z.number().int().min(0).default(0),
  /** 'turn': the turn starts now (mobilization first); 'action': straight to the action. */
  start: z.enum(['turn', 'action']).default('turn'),
  extraTurn: z.boolean().default(false),
  heistRow: z.array(z.string().nullable()).max(ROW_SIZE).default([]),
  /** Top first; the rest of the chapter's cards follow in card-set order. */
  heistDeck: z.array(z.string()).default([]),
  recruitRow: z.array(z.string().nullable()).max(ROW_SIZE).default([]),
  gangsterDeck: z.array(z.string()).default([]),
  removed: z.array(z.string()).default([]),
  snitchesThisChapter: z.number().int().min(0).default(0),
  idleTurns: z.number().int().min(0).default(0),
  gangWarBegun: z.boolean().optional(),
  /** Tasks to carry out first (e.g. a pending snitch discard), as in GameState.queue. */
  queue: z.array(z.record(z.string(), z.unknown())).default([]),
  /** Only the listed cards are in the heist deck: nothing is added below them. */
  exactHeistDeck: z.boolean().default(false),
  exactGangsterDeck: z.boolean().default(false),
});

export type Scenario = z.input<typeof scenarioSchema>;

export type ScenarioResult = { ok: true; state: GameState } | { ok: false; error: EngineError };

function fail(message: string): ScenarioResult {
  return { ok: false, error: { code: 'INVALID_SCENARIO', message, params: {} } };
}

function toMember(entry: z.infer<typeof memberSchema>): Member {
  if (typeof entry === 'string') return { id: entry, engaged: false };
  const member: Member = { id: entry.id, engaged: entry.engaged };
  if (entry.learned) member.learned = entry.learned;
  if (entry.tucked) member.tucked = entry.tucked;
  return member;
}

export function createScenario(input: unknown, cardSet = CLASSIC_CARDS): ScenarioResult {
  const parsed = scenarioSchema.safeParse(input);
  if (!parsed.success) {
    return fail(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'scenario'}: ${i.message}`).join('; '),
    );
  }
  const s = parsed.data;
  let cards = cardSet;
  try {
    if (cardSet !== CLASSIC_CARDS) cards = parseCardSet(cardSet);
  } catch (e) {
    return fail(String(e));
  }
  const options = parseOptions({ ...s.options, players: s.players.length });
  if (!options.ok) return fail(`options: ${options.message}`);
  if (s.activeSeat >= s.players.length) return fail(`activeSeat: no seat ${s.activeSeat}`);
  const lookup = cardsOf(cards);
  const state = blankState(options.options, cards);
  state.chapter = s.chapter;
  state.gangWarBegun = s.gangWarBegun ?? s.chapter === 3;
  state.players = s.players.map((p, seat) => {
    const player = newPlayer(seat, p.boss, p.cash);
    itemAt(player.gang, 0, 'member').engaged = p.bossEngaged;
    const others = p.gang.map(toMember).filter((m) => m.id !== p.boss);
    const listedBoss = p.gang.map(toMember).find((m) => m.id === p.boss);
    if (listedBoss) player.gang[0] = listedBoss;
    player.gang.push(...others);
    player.bank = p.bank;
    player.heistIp = p.heistIp;
    player.pile = [...p.pile];
    player.hospital = p.hospital.map(toMember);
    player.resources = p.resources.map((r) => ({ id: r.id, active: r.active }));
    return player;
  });
  state.heistRow = [...s.heistRow];
  state.recruitRow = [...s.recruitRow];
  state.removed = [...s.removed];
  state.snitchesThisChapter = s.snitchesThisChapter;
  state.idleTurns = s.idleTurns;
  // Every id must be a known card, placed once.
  const placed = new Set<string>();
  const everywhere = [
    ...state.players.flatMap((p) => [
      ...p.gang.flatMap((m) => (m.tucked ? [m.id, m.tucked] : [m.id])),
      ...p.hospital.map((m) => m.id),
      ...p.pile,
      ...p.resources.map((r) => r.id),
    ]),
    ...s.heistRow,
    ...s.heistDeck,
    ...s.recruitRow,
    ...s.gangsterDeck,
    ...s.removed,
  ].filter((id): id is string => id !== null);
  for (const id of everywhere) {
    if (!lookup.kindOf(id)) return fail(`unknown card id ${id}`);
    if (placed.has(id)) return fail(`card ${id} is placed twice`);
    placed.add(id);
  }
  for (const p of state.players) {
    if (lookup.kindOf(p.boss) !== 'boss')
      return fail(`players[${p.seat}].boss: ${p.boss} is not a Boss`);
  }
  const unplacedHeists = [
    // The printed ruleset never deals the online edition's extra heists (R-OPT-4).
    ...cards.heists.filter((h) => heistInRuleset(h, state.options.ruleset)).map((h) => h.id),
    ...cards.snitches.map((x) => x.id),
  ].filter((id) => !placed.has(id));
  state.heistDeck = [
    ...s.heistDeck,
    ...(s.exactHeistDeck ? [] : unplacedHeists.filter((id) => lookup.chapterOf(id) === s.chapter)),
  ];
  state.laterHeists = unplacedHeists.filter((id) => lookup.chapterOf(id) > s.chapter);
  state.removed.push(...unplacedHeists.filter((id) => lookup.chapterOf(id) < s.chapter));
  if (s.exactHeistDeck)
    state.removed.push(...unplacedHeists.filter((id) => lookup.chapterOf(id) === s.chapter));
  const unplacedGangsters = cards.gangsters.map((g) => g.id).filter((id) => !placed.has(id));
  state.gangsterDeck = [...s.gangsterDeck, ...(s.exactGangsterDeck ? [] : unplacedGangsters)];
  if (s.exactGangsterDeck) state.removed.push(...unplacedGangsters);
  state.resourceDeck = cards.resources.map((r) => r.id).filter((id) => !placed.has(id));
  while (state.heistRow.length < ROW_SIZE) state.heistRow.push(null);
  while (state.recruitRow.length < ROW_SIZE) state.recruitRow.push(null);
  const ctx = makeCtx(state, false);
  state.turn.seat = s.activeSeat;
  state.turnNumber = 0;
  startTurn(ctx, s.activeSeat, s.extraTurn);
  if (s.start === 'action' && state.phase === 'mobilization') state.phase = 'action';
  if (s.queue.length > 0) {
    state.queue = s.queue as unknown as Task[];
    state.phase = 'endOfTurn';
    advance(ctx);
  }
  state.undoFloor = 0;
  return { ok: true, state };
}
