/**
 * The only way game state leaves the engine for a seat or a spectator (R-INFO). A view holds
 * everything public plus what the viewer may see, and nothing else: no deck order, no
 * generator state, no other seat's secret choice or peek.
 */
import { cloneHeist } from './clone.ts';
import { pendingDecision } from './decision.ts';
import { playerAt } from './guards.ts';
import type {
  CardId,
  CardSet,
  ChapterEndReason,
  Decision,
  GameEvent,
  GameOptions,
  GameResult,
  GameState,
  HeistInProgress,
  KeptResource,
  Member,
  Phase,
  Seat,
  Task,
  TurnState,
} from './types.ts';

export interface PlayerView {
  seat: Seat;
  boss: CardId;
  gang: Member[];
  cash: number;
  bank: number;
  /** Null when R-OPT-3 hides another seat's running heist IP. */
  heistIp: number | null;
  /**
   * The heists in this seat's pile; null when R-OPT-3 hides another seat's heist IP (their
   * rewards would add up to it): `pileSize` still counts them.
   */
  pile: CardId[] | null;
  /** How many heists are in the pile, always shown. */
  pileSize: number;
  hospital: Member[];
  /** Kept resources: everyone's once revealed; before that, only the viewer's own. */
  resources: KeptResource[];
  /** Whether this seat has made its resource choice (setup). */
  resourcesChosen: boolean;
  /** The viewer's own dealt cards during the resource choice; empty for other seats. */
  dealt: CardId[];
  /** The viewer's own Biker gang / Informant network peek; empty for other seats. */
  peek: { heist?: CardId | null; gangster?: CardId | null };
}

export interface GameView {
  /** The seat this view is for, or null for a spectator. */
  viewer: Seat | null;
  options: Omit<GameOptions, 'seed'>;
  cards: CardSet;
  players: PlayerView[];
  phase: Phase;
  chapter: 1 | 2 | 3;
  turn: TurnState;
  turnNumber: number;
  heistRow: (CardId | null)[];
  heistDeckCount: number;
  /** Cards of chapters not begun (public: they are the whole chapter decks). */
  laterHeists: CardId[];
  recruitRow: (CardId | null)[];
  gangsterDeckCount: number;
  removed: CardId[];
  snitchesThisChapter: number;
  idleTurns: number;
  chapterEndPending: boolean;
  chapterEndReason: ChapterEndReason | null;
  gangWarBegun: boolean;
  /** Steps the engine will still carry out (all public). */
  queue: Task[];
  moveCount: number;
  undoFloor: number;
  heist: HeistInProgress | null;
  decision: Decision;
  result: GameResult | null;
}

function resourcesRevealed(state: GameState): boolean {
  return state.phase !== 'resourceChoice';
}

/**
 * A player as `viewer` sees it. With `other` (the same player of the same state as another
 * viewer sees it), the parts that do not depend on the viewer are `other`'s very objects.
 */
function playerView(
  state: GameState,
  seat: Seat,
  viewer: Seat | null,
  other?: PlayerView,
): PlayerView {
  const player = playerAt(state, seat);
  const own = viewer === seat;
  const hideIp = state.options.privateHeistInfluence && !own && state.phase !== 'gameOver';
  const revealed = resourcesRevealed(state);
  return {
    seat,
    boss: player.boss,
    gang: other ? other.gang : player.gang.map((m) => ({ ...m })),
    cash: player.cash,
    bank: player.bank,
    heistIp: hideIp ? null : player.heistIp,
    pile: hideIp ? null : (other?.pile ?? [...player.pile]),
    pileSize: player.pile.length,
    hospital: other ? other.hospital : player.hospital.map((m) => ({ ...m })),
    resources:
      own || revealed
        ? other && revealed
          ? other.resources
          : player.resources.map((r) => ({ ...r }))
        : [],
    resourcesChosen: player.dealt.length === 0,
    dealt: own ? [...player.dealt] : [],
    peek: own ? { ...player.peek } : {},
  };
}

/**
 * One player of a view: `viewFor(state, viewer).players[seat]`, without building the rest.
 * Only the viewer's own player differs from what a spectator sees of it, so a server that
 * builds the spectator's view once needs just this for each seat (see `viewFor`). With
 * `other`, the same player of the same state as another viewer sees it, the result is equal
 * but shares `other`'s objects for what does not depend on the viewer (its gang, pile,
 * hospital, resources once revealed): never change either afterwards.
 */
export function playerViewFor(
  state: GameState,
  seat: Seat,
  viewer: Seat | null,
  other?: PlayerView,
): PlayerView {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players.length)
    throw new RangeError(`no seat ${seat} at this table`);
  if (other !== undefined && other.seat !== seat)
    throw new RangeError(`the other view is of seat ${other.seat}, not ${seat}`);
  return playerView(state, seat, viewer, other);
}

/** The view of `viewer` (a seat), or of a spectator when `viewer` is null. */
export function viewFor(state: GameState, viewer: Seat | null): GameView {
  const { seed: _seed, ...options } = state.options;
  return {
    viewer,
    options,
    cards: state.cards,
    players: state.players.map((_, seat) => playerView(state, seat, viewer)),
    phase: state.phase,
    chapter: state.chapter,
    turn: { ...state.turn },
    turnNumber: state.turnNumber,
    heistRow: [...state.heistRow],
    heistDeckCount: state.heistDeck.length,
    laterHeists: [...state.laterHeists].sort(),
    recruitRow: [...state.recruitRow],
    gangsterDeckCount: state.gangsterDeck.length,
    removed: [...state.removed],
    snitchesThisChapter: state.snitchesThisChapter,
    idleTurns: state.idleTurns,
    chapterEndPending: state.chapterEndPending,
    chapterEndReason: state.chapterEndReason,
    gangWarBegun: state.gangWarBegun,
    // Tasks are replaced, never edited in place: a copy of the list is enough.
    queue: state.queue.slice(),
    moveCount: state.moveCount,
    undoFloor: state.undoFloor,
    heist: state.heist ? cloneHeist(state.heist) : null,
    decision: pendingDecision(state),
    result: state.result,
  };
}

/**
 * The events `viewer` may see: private events (`to`) reach only their seat, and a heist
 * influence gain kept private by R-OPT-3 reaches the others without its amount.
 */
export function visibleEvents(events: readonly GameEvent[], viewer: Seat | null): GameEvent[] {
  const out: GameEvent[] = [];
  for (const event of events) {
    if ('to' in event && event.to !== viewer) continue;
    if (event.type === 'influence' && event.private && event.seat !== viewer) {
      out.push({ type: 'influenceHidden', seat: event.seat });
      continue;
    }
    out.push(event);
  }
  return out;
}
