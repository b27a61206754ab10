/**
 * The game controller: the only place in the web client that holds the full game state.
 *
 * Everything else sees a snapshot built from `viewFor(state, viewer)`, where the viewer is the
 * human seat whose turn it is to decide (hot-seat) or the only human at the table. Moves reach
 * the engine only through `applyMove`; bots get their own seat's view in the bot worker.
 * After every move the game's record is saved, so a reload resumes it (`replay`).
 */
import {
  applyMove,
  type CardSet,
  canUndo,
  createGame,
  decidingSeats,
  type EngineError,
  type GameEvent,
  type GameOptionsInput,
  type GameRecord,
  type GameState,
  type GameView,
  itemAt,
  legalMoves,
  type Move,
  moveKey,
  pendingDecision,
  replay,
  type Seat,
  viewFor,
  visibleEvents,
} from '@gangsta/engine';
import type { BotClient } from '../../bots/botClient.ts';
import { botSeed, humanSeats, isBotKind, type SeatKind } from '../../game/seats.ts';
import type { Settings } from '../../game/storage.ts';
import { Listeners } from '../../store.ts';
import { TableFeedback } from '../../table/feedback.ts';
import type { LogEntry, TablePlayer, TableSnapshot, TableSource } from '../../table/tableSource.ts';

export type { HintState, LastMove, LogEntry, TableSnapshot } from '../../table/tableSource.ts';

export interface ControllerDeps {
  bots: BotClient;
  settings: () => Settings;
  /** Persist after each move; tests pass a no-op. */
  save?: (record: GameRecord, seats: SeatKind[], names: (string | null)[]) => void;
  /** Timer, replaceable in tests. */
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
}

export type StartResult =
  | { ok: true; controller: GameController }
  | { ok: false; error: EngineError };

const defaultWait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** Two seats see the same thing when their views differ only in who is looking. */
function sameViews(state: GameState, a: Seat, b: Seat): boolean {
  const strip = (view: GameView) => JSON.stringify({ ...view, viewer: null });
  return strip(viewFor(state, a)) === strip(viewFor(state, b));
}

export class GameController implements TableSource {
  readonly mode = 'local' as const;
  private state: GameState;
  private readonly options: GameRecord['options'];
  private readonly cardSet: CardSet | undefined;
  private moves: Move[];
  /** events[0] is the setup; events[i + 1] came from moves[i]. */
  private events: GameEvent[][];
  private viewer: Seat | null;
  private passTo: Seat | null = null;
  private thinking: Seat | null = null;
  private botBusy = false;
  /** The last move, the refusal shown and the hint (table/feedback.ts). */
  private readonly feedback = new TableFeedback<EngineError>();
  private disposed = false;
  /**
   * Counts changes of the viewer's question, so a late hint can tell it is out of date. Another
   * seat's choice during the simultaneous resource keep leaves the viewer's question as it was:
   * counting it would drop every hint asked while the bots choose their own resources.
   */
  private generation = 0;
  private logCache: {
    viewer: Seat | null;
    moves: number;
    last: GameEvent[] | undefined;
    entries: LogEntry[];
  } | null = null;
  private snapshot: TableSnapshot;
  private readonly listeners = new Listeners();
  private readonly players: TablePlayer[];

  private constructor(
    state: GameState,
    moves: Move[],
    events: GameEvent[][],
    readonly seats: SeatKind[],
    private readonly deps: ControllerDeps,
    cardSet: CardSet | undefined,
    names?: readonly (string | null)[],
  ) {
    this.state = state;
    this.options = state.options;
    this.cardSet = cardSet;
    this.moves = moves;
    this.events = events;
    this.players = seats.map((kind, seat) => ({
      seat,
      kind,
      name: names?.[seat]?.trim() || null,
      connected: true,
    }));
    this.viewer = this.initialViewer();
    this.snapshot = this.buildSnapshot();
  }

  /** A new game from the new-game screen. */
  static start(
    options: GameOptionsInput,
    seats: SeatKind[],
    deps: ControllerDeps,
    cardSet?: CardSet,
    names?: readonly (string | null)[],
  ): StartResult {
    const created = createGame(cardSet ? { ...options, cardSet } : options);
    if (!created.ok) return { ok: false, error: created.error };
    const controller = new GameController(
      created.state,
      [],
      [created.events],
      seats,
      deps,
      cardSet,
      names,
    );
    controller.changed();
    controller.advance();
    return { ok: true, controller };
  }

  /** A saved or imported game, rebuilt from its record. */
  static resume(
    record: GameRecord,
    seats: SeatKind[],
    deps: ControllerDeps,
    names?: readonly (string | null)[],
  ): StartResult {
    const replayed = replay(record);
    if (!replayed.ok) return { ok: false, error: replayed.error };
    const controller = new GameController(
      replayed.state,
      [...record.moves],
      replayed.events,
      seats,
      deps,
      record.cardSet,
      names,
    );
    controller.advance();
    return { ok: true, controller };
  }

  // --- React's external-store protocol ---------------------------------------------------

  subscribe = this.listeners.subscribe;

  getSnapshot = (): TableSnapshot => this.snapshot;

  // --- Commands from the interface ------------------------------------------------------

  /** A human's move. Only the viewer may move, and only when it is their decision. */
  play(move: Move): boolean {
    if (this.passTo !== null || this.viewer === null) return false;
    if (move.seat !== this.viewer || this.seats[move.seat] !== 'human') return false;
    return this.apply(move, false);
  }

  /** Takes back the viewer's last move, where the engine allows it (R-TURN-3). */
  undo(): boolean {
    if (!this.snapshot.canUndo) return false;
    const moves = this.moves.slice(0, -1);
    const replayed = replay(this.record(moves));
    if (!replayed.ok) return false;
    this.state = replayed.state;
    this.moves = moves;
    this.events = replayed.events;
    this.feedback.reset();
    this.changed();
    this.advance();
    return true;
  }

  /** The person at the screen confirms they are the seat the device was passed to. */
  confirmPass(): void {
    if (this.passTo === null) return;
    this.viewer = this.passTo;
    this.passTo = null;
    this.refresh();
  }

  clearError(): void {
    this.feedback.error = null;
    this.refresh();
  }

  /** Asks the medium bot what it would do in the viewer's place. */
  async requestHint(): Promise<void> {
    const seat = this.viewer;
    if (seat === null || this.snapshot.legal.length === 0) return;
    const moveCount = this.moves.length;
    const generation = this.generation;
    await this.feedback.askHint(
      moveCount,
      () =>
        this.deps.bots.ask(
          'medium',
          botSeed(this.options.seed, seat, moveCount),
          viewFor(this.state, seat),
          legalMoves(this.state, seat),
        ),
      () => this.generation === generation,
      () => this.refresh(),
    );
  }

  record(moves: Move[] = this.moves): GameRecord {
    const record: GameRecord = {
      format: 'gangsta-game',
      version: 1,
      options: this.options,
      moves: [...moves],
    };
    if (this.cardSet) record.cardSet = this.cardSet;
    return record;
  }

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
  }

  // --- Internals --------------------------------------------------------------------------

  private apply(move: Move, byBot: boolean): boolean {
    const result = applyMove(this.state, move);
    if (!result.ok) {
      this.feedback.error = result.error;
      this.refresh();
      return false;
    }
    this.state = result.state;
    this.moves = [...this.moves, move];
    this.events = [...this.events, result.events];
    this.feedback.moved(this.moves.length - 1, move, byBot);
    this.changed(this.sameQuestion(move));
    this.advance();
    return true;
  }

  /** Whether the viewer still faces the same choice after `move`, made by another seat. */
  private sameQuestion(move: Move): boolean {
    const decision = pendingDecision(this.state);
    return (
      move.type === 'keepResources' &&
      move.seat !== this.viewer &&
      this.viewer !== null &&
      decision.kind === 'keepResources' &&
      decision.seats.includes(this.viewer)
    );
  }

  /** The position changed: outdated hints are dropped, and the record is saved. */
  private changed(keepHint = false): void {
    if (!keepHint) {
      this.generation++;
      this.feedback.hint = { status: 'idle' };
    }
    this.deps.save?.(
      this.record(),
      this.seats,
      this.players.map((p) => p.name),
    );
  }

  /** After a change: decide whose view is shown, then let a bot move if one must. */
  private advance(): void {
    this.chooseViewer();
    this.refresh();
    this.driveBots();
  }

  private initialViewer(): Seat | null {
    const humans = humanSeats(this.seats);
    const deciding = decidingSeats(pendingDecision(this.state)).filter((s) => humans.includes(s));
    return deciding[0] ?? humans[0] ?? null;
  }

  /**
   * Hot-seat: when another human seat must decide, switch to it. If that would show private
   * information the current person must not see, first show a "pass the device" screen.
   */
  private chooseViewer(): void {
    const humans = humanSeats(this.seats);
    if (humans.length === 0 || pendingDecision(this.state).kind === 'gameOver') {
      this.passTo = null;
      return;
    }
    const deciding = decidingSeats(pendingDecision(this.state)).filter((s) => humans.includes(s));
    if (this.viewer !== null && deciding.includes(this.viewer)) {
      this.passTo = null;
      return;
    }
    const next = deciding[0];
    if (next === undefined) return;
    if (this.viewer === null || sameViews(this.state, this.viewer, next)) {
      this.viewer = next;
      this.passTo = null;
    } else {
      this.passTo = next;
    }
  }

  private refresh(): void {
    this.snapshot = this.buildSnapshot();
    this.listeners.emit();
  }

  private buildSnapshot(): TableSnapshot {
    const decision = pendingDecision(this.state);
    const deciding = decidingSeats(decision);
    const hidden = this.passTo !== null;
    const viewer = this.viewer;
    const myDecision = viewer !== null && !hidden && deciding.includes(viewer);
    const last = this.moves.at(-1);
    return {
      seats: this.seats,
      players: this.players,
      viewer,
      view: hidden ? null : viewFor(this.state, viewer),
      decision,
      passTo: this.passTo,
      legal: myDecision && viewer !== null ? legalMoves(this.state, viewer) : [],
      deciding,
      thinking: this.thinking,
      log: hidden ? [] : this.logFor(viewer),
      canUndo:
        !hidden &&
        last !== undefined &&
        last.seat === viewer &&
        this.seats[last.seat] === 'human' &&
        canUndo(this.state),
      lastMove: this.feedback.lastMove,
      moveCount: this.moves.length,
      error: this.feedback.error,
      over: decision.kind === 'gameOver',
      hint: this.feedback.hint,
      connection: null,
      pending: false,
    };
  }

  /**
   * The viewer's log. A move only appends events, so the entries of earlier moves are kept
   * (the same objects: the log's lines need not re-render). Undo replays the record into new
   * event lists, and a new viewer sees other private events: both rebuild the log.
   */
  private logFor(viewer: Seat | null): LogEntry[] {
    const cache = this.logCache;
    const keep =
      cache !== null &&
      cache.viewer === viewer &&
      cache.moves <= this.events.length &&
      this.events[cache.moves - 1] === cache.last;
    const entries = keep ? [...cache.entries] : [];
    for (let index = keep ? cache.moves : 0; index < this.events.length; index++) {
      for (const event of visibleEvents(itemAt(this.events, index, 'move events'), viewer)) {
        entries.push({ id: entries.length, moveIndex: index - 1, event });
      }
    }
    this.logCache = { viewer, moves: this.events.length, last: this.events.at(-1), entries };
    return entries;
  }

  /** Lets the next bot that must decide think in the worker, then plays its move. */
  private driveBots(): void {
    if (this.botBusy || this.disposed) return;
    const seat = decidingSeats(pendingDecision(this.state)).find((s) => isBotKind(this.seats[s]));
    if (seat === undefined) return;
    const kind = this.seats[seat];
    if (!isBotKind(kind)) return;
    const legal = legalMoves(this.state, seat);
    // The move played when the worker fails; a decision always has one.
    const fallback = legal[0];
    if (fallback === undefined) return;
    this.botBusy = true;
    this.thinking = seat;
    this.refresh();
    const now = this.deps.now ?? (() => performance.now());
    const wait = this.deps.wait ?? defaultWait;
    const started = now();
    const view = viewFor(this.state, seat);
    const seed = botSeed(this.options.seed, seat, this.moves.length);
    this.deps.bots
      .ask(kind, seed, view, legal)
      .then((answer) => answer.move)
      .catch(() => fallback)
      .then(async (move) => {
        const left = this.deps.settings().botDelayMs - (now() - started);
        if (left > 0) await wait(left);
        return move;
      })
      .then((move) => {
        this.botBusy = false;
        this.thinking = null;
        if (this.disposed) return;
        // The position may have changed meanwhile (a human chose at the same time during the
        // resource choice, or undid): play the answer only if it is still legal.
        const stillLegal = legalMoves(this.state, seat).some((m) => moveKey(m) === moveKey(move));
        if (stillLegal) this.apply(move, true);
        else this.advance();
      });
  }
}
