/** Creating a game (R-SETUP). */
import { CLASSIC_CARDS, heistInRuleset } from './cards/index.ts';
import { type CardSet, CardSetError, parseCardSet } from './cards/schema.ts';
import { type Ctx, emit, makeCtx } from './context.ts';
import { parseOptions } from './options.ts';
import { randomInt, seedState, shuffle } from './rng.ts';
import { layOutHeistRow, ROW_SIZE } from './rules/chapters.ts';
import { startTurn } from './rules/turn.ts';
import type {
  EngineError,
  GameEvent,
  GameOptions,
  GameOptionsInput,
  GameState,
  PlayerState,
} from './types.ts';

export type CreateResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; error: EngineError };

/** Resolves options with their defaults; throws nothing. */
export function resolveOptions(input: GameOptionsInput) {
  return parseOptions(input);
}

/** An empty state: everything still in its box, for setup and scenarios to fill. */
export function blankState(options: GameOptions, cards: CardSet): GameState {
  return {
    version: 1,
    options,
    cards,
    rng: seedState(options.seed),
    players: [],
    phase: 'action',
    chapter: 1,
    turn: {
      seat: 0,
      extra: false,
      playAgain: false,
      freeReadies: 0,
      headquartersUsed: false,
      productive: false,
      acted: false,
      abandons: 0,
      bankMoves: 0,
    },
    turnNumber: 0,
    moveCount: 0,
    undoFloor: 0,
    heistRow: [],
    heistDeck: [],
    laterHeists: [],
    recruitRow: [],
    gangsterDeck: [],
    resourceDeck: [],
    unkeptResources: [],
    removed: [],
    snitchesThisChapter: 0,
    idleTurns: 0,
    chapterEndPending: false,
    chapterEndReason: null,
    gangWarBegun: false,
    heist: null,
    queue: [],
    result: null,
  };
}

export function newPlayer(seat: number, boss: string, cash: number): PlayerState {
  return {
    seat,
    boss,
    gang: [{ id: boss, engaged: false }],
    cash,
    bank: 0,
    heistIp: 0,
    pile: [],
    hospital: [],
    resources: [],
    dealt: [],
    peek: {},
  };
}

function error(code: EngineError['code'], message: string): CreateResult {
  return { ok: false, error: { code, message, params: {} } };
}

/** Creates a game from options and a seed; the classic card set unless `cardSet` is given. */
export function createGame(
  input: GameOptionsInput & { cardSet?: CardSet | undefined },
): CreateResult {
  const { cardSet, ...optionInput } = input ?? ({} as GameOptionsInput);
  let cards = CLASSIC_CARDS;
  if (cardSet && cardSet !== CLASSIC_CARDS) {
    try {
      cards = parseCardSet(cardSet);
    } catch (e) {
      return error('INVALID_OPTIONS', e instanceof CardSetError ? e.message : String(e));
    }
  }
  const parsed = parseOptions(optionInput);
  if (!parsed.ok) return error('INVALID_OPTIONS', parsed.message);
  const options = parsed.options;
  if (options.bosses) {
    const unknown = options.bosses.find((id) => !cards.bosses.some((b) => b.id === id));
    if (unknown) return error('INVALID_OPTIONS', `bosses: unknown Boss ${unknown}`);
  }
  if (cards.bosses.length < options.players)
    return error('INVALID_OPTIONS', 'not enough Bosses in the card set');
  const perPlayer = options.expertResources ? 3 : 2;
  if (options.resources && cards.resources.length < perPlayer * options.players) {
    return error('INVALID_OPTIONS', 'not enough resource cards in the card set');
  }
  const ctx = makeCtx(blankState(options, cards), true);
  setUp(ctx);
  return { ok: true, state: ctx.state, events: ctx.events! };
}

function setUp(ctx: Ctx): void {
  const { state } = ctx;
  const { options, cards } = state;
  // R-SETUP-1: a Boss each at random, with its starting money (R-OPT-2 catch-up cash).
  const bosses =
    options.bosses ??
    shuffle(
      state,
      cards.bosses.map((b) => b.id),
    ).slice(0, options.players);
  const first = options.firstPlayer ?? randomInt(state, options.players);
  state.players = bosses.map((boss, seat) => {
    const offset = (seat - first + options.players) % options.players;
    const money = ctx.cards.boss(boss).money + (options.catchUpCash ? offset : 0);
    return newPlayer(seat, boss, money);
  });
  emit(ctx, { type: 'gameStarted', firstPlayer: first, bosses });
  state.turn.seat = first;
  if (options.ruleset === 'printed' && options.resources) {
    // R-SETUP-5: the printed rulebooks deal and choose resource cards before the rows exist
    // (the rows are dealt by `dealRows` once every seat has chosen).
    shuffleDecks(ctx, false);
    shuffleResources(ctx);
    dealResources(ctx);
    return;
  }
  shuffleDecks(ctx, true);
  shuffleResources(ctx);
  if (options.resources) {
    // R-SETUP-3: dealt after the rows, chosen in secret by everyone at once.
    dealResources(ctx);
    return;
  }
  startTurn(ctx, first, false);
}

/**
 * R-SETUP-2: the chapter I deck and the gangster deck, shuffled, and their rows dealt (with
 * the printed ruleset and resource cards, the rows wait for `dealRows` after the choice:
 * R-SETUP-5). The heists of later chapters wait aside; the printed ruleset leaves out the
 * online edition's three (R-OPT-4).
 */
function shuffleDecks(ctx: Ctx, deal: boolean): void {
  const { state } = ctx;
  const { cards, options } = state;
  const heists = cards.heists.filter((h) => heistInRuleset(h, options.ruleset));
  state.heistDeck = shuffle(state, [
    ...heists.filter((h) => h.chapter === 1).map((h) => h.id),
    ...cards.snitches.filter((s) => (s.chapter as number) === 1).map((s) => s.id),
  ]);
  state.laterHeists = [
    ...heists.filter((h) => h.chapter > 1).map((h) => h.id),
    ...cards.snitches.map((s) => s.id),
  ];
  // The order of the draws is the seeds' games': heist row before the gangster deck.
  if (deal) layOutHeistRow(ctx);
  else state.heistRow = Array<null>(ROW_SIZE).fill(null);
  state.gangsterDeck = shuffle(
    state,
    cards.gangsters.map((g) => g.id),
  );
  state.recruitRow = Array<null>(ROW_SIZE).fill(null);
  if (deal) dealRecruitRow(ctx);
}

function dealRecruitRow(ctx: Ctx): void {
  const { state } = ctx;
  state.recruitRow = state.gangsterDeck.splice(0, ROW_SIZE);
  while (state.recruitRow.length < ROW_SIZE) state.recruitRow.push(null);
}

/** R-SETUP-5: the printed ruleset's rows, dealt from the shuffled decks after the choice. */
export function dealRows(ctx: Ctx): void {
  layOutHeistRow(ctx);
  dealRecruitRow(ctx);
}

/** The resource deck, shuffled whether the variant is played or not (the seeds' games rely on it). */
function shuffleResources(ctx: Ctx): void {
  const { state } = ctx;
  state.resourceDeck = shuffle(
    state,
    state.cards.resources.map((r) => r.id),
  );
}

/** R-SETUP-3: each seat is dealt its resource cards, to choose from in secret, all at once. */
function dealResources(ctx: Ctx): void {
  const { state } = ctx;
  const perPlayer = state.options.expertResources ? 3 : 2;
  for (const player of state.players) {
    player.dealt = state.resourceDeck.splice(0, perPlayer);
    emit(ctx, {
      type: 'resourcesDealt',
      seat: player.seat,
      cards: [...player.dealt],
      to: player.seat,
    });
  }
  state.phase = 'resourceChoice';
}
