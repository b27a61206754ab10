/**
 * The tutorial's table source. The table screen plays with it exactly as with a local game,
 * but the source offers the learner only the scripted move of the current step as legal, so the
 * table highlights exactly the card to click; the opponent's scripted moves play by themselves,
 * one at a time, so the learner can follow them in the log.
 */
import {
  decidingSeats,
  type EngineError,
  type GameEvent,
  itemAt,
  legalMoves,
  type Move,
  moveKey,
  pendingDecision,
  viewFor,
  visibleEvents,
} from '@gangsta/engine';
import { Listeners } from '../../store.ts';
import { TableFeedback } from '../../table/feedback.ts';
import type { LogEntry, TablePlayer, TableSnapshot, TableSource } from '../../table/tableSource.ts';
import { playMove, positionAt, type TutorialPosition } from './position.ts';
import { LEARNER, OPPONENT, stepMoves, TUTORIAL_STEPS, type TutorialStep } from './script.ts';

export interface TutorialDeps {
  /** Pause before each of the opponent's moves (read each time: the bot speed setting). */
  opponentDelayMs: () => number;
  /** Timer, replaceable in tests. */
  wait?: (ms: number) => Promise<void>;
  /** Remembers the step reached (localStorage in the app; tests pass their own). */
  save?: (step: number) => void;
  /** Display names by seat (null: the seat's default). */
  names?: readonly (string | null)[];
}

/** What the coach panel shows. */
export interface CoachState {
  index: number;
  step: TutorialStep;
  total: number;
  /** The opponent's scripted moves of this step are still playing. */
  opponentPlaying: boolean;
  /** The learner may press Next (an explanation, or the opponent has finished). */
  canContinue: boolean;
  /** Scripted moves the engine refused: the script no longer fits the rules engine. */
  error: EngineError | null;
  finished: boolean;
}

export type TutorialStart =
  | { ok: true; source: TutorialSource }
  | { ok: false; error: EngineError; step: number };

const defaultWait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

export class TutorialSource implements TableSource {
  readonly mode = 'local' as const;
  private position: TutorialPosition;
  private index: number;
  /** Moves of the current step already played (the opponent's, one by one). */
  private playedInStep = 0;
  /** The last move and the refusal shown (table/feedback.ts); the hint is the script's. */
  private readonly feedback = new TableFeedback<EngineError>();
  private hintShown = false;
  private running = false;
  /** Changes whenever the step changes, so a pending opponent move knows it is stale. */
  private generation = 0;
  private players: TablePlayer[];
  private snapshot: TableSnapshot;
  private coach: CoachState;
  private readonly listeners = new Listeners();

  private constructor(
    position: TutorialPosition,
    index: number,
    private readonly deps: TutorialDeps,
    private readonly steps: readonly TutorialStep[],
  ) {
    this.position = position;
    this.index = index;
    this.players = this.makePlayers(deps.names);
    this.snapshot = this.buildSnapshot();
    this.coach = this.buildCoach();
  }

  /** The tutorial at step `index` (0: the beginning), its position rebuilt by the engine. */
  static open(
    index: number,
    deps: TutorialDeps,
    steps: readonly TutorialStep[] = TUTORIAL_STEPS,
  ): TutorialStart {
    const at = Math.min(Math.max(0, index), steps.length - 1);
    const built = positionAt(at, steps);
    if (!built.ok) return built;
    return { ok: true, source: new TutorialSource(built.position, at, deps, steps) };
  }

  // --- React's external-store protocol ---------------------------------------------------

  subscribe = this.listeners.subscribe;

  getSnapshot = (): TableSnapshot => this.snapshot;

  getCoach = (): CoachState => this.coach;

  // --- TableSource commands ---------------------------------------------------------------

  /** Only the scripted move of a learner's step is accepted. */
  play(move: Move): boolean {
    const advance = this.currentStep().advance;
    if (advance.kind !== 'learner' || moveKey(move) !== moveKey(advance.move)) return false;
    if (!this.apply(move, false)) return false;
    this.goTo(this.index + 1);
    return true;
  }

  /** No undo in the tutorial: every step is one the learner is told to take. */
  undo(): boolean {
    return false;
  }

  confirmPass(): void {}

  clearError(): void {
    this.feedback.error = null;
    this.refresh();
  }

  /** The hint is the scripted move itself. */
  async requestHint(): Promise<void> {
    this.hintShown = true;
    this.refresh();
  }

  /** A scenario game has no record of its own (it does not start from `createGame`). */
  record(): null {
    return null;
  }

  // --- Tutorial commands ------------------------------------------------------------------

  /** Starts the opponent's scripted moves if the step has any (call when shown). */
  start(): void {
    this.running = true;
    void this.driveOpponent();
  }

  /** Stops playing the opponent's moves (call when hidden); `start` carries on. */
  stop(): void {
    this.running = false;
    this.generation++;
  }

  /** Next: after an explanation, or once the opponent has played. */
  next(): boolean {
    if (!this.coach.canContinue || this.coach.finished) return false;
    this.goTo(this.index + 1);
    return true;
  }

  /** Back to the first step, from the scenario's position. */
  restart(): boolean {
    const built = positionAt(0, this.steps);
    if (!built.ok) return false;
    this.position = built.position;
    this.feedback.lastMove = null;
    this.goTo(0);
    return true;
  }

  setNames(names: readonly (string | null)[]): void {
    this.players = this.makePlayers(names);
    this.refresh();
  }

  // --- Internals --------------------------------------------------------------------------

  private currentStep(): TutorialStep {
    return itemAt(this.steps, this.index, 'tutorial step');
  }

  private makePlayers(names: readonly (string | null)[] | undefined): TablePlayer[] {
    return [LEARNER, OPPONENT].map((seat) => ({
      seat,
      kind: seat === LEARNER ? 'human' : 'medium',
      name: names?.[seat] ?? null,
      connected: true,
    }));
  }

  private goTo(index: number): void {
    this.index = Math.min(index, this.steps.length - 1);
    this.playedInStep = 0;
    this.hintShown = false;
    this.generation++;
    this.deps.save?.(this.index);
    this.refresh();
    if (this.running) void this.driveOpponent();
  }

  private apply(move: Move, byOpponent: boolean): boolean {
    const next = playMove(this.position, move);
    if (!next.ok) {
      this.feedback.error = next.error;
      this.refresh();
      return false;
    }
    this.position = next.position;
    this.playedInStep++;
    this.feedback.moved(this.position.moves.length - 1, move, byOpponent);
    return true;
  }

  /** Plays the current step's opponent moves, each after the delay, while the step lasts. */
  private async driveOpponent(): Promise<void> {
    const generation = this.generation;
    const moves = stepMoves(this.currentStep());
    if (this.currentStep().advance.kind !== 'opponent') return;
    const wait = this.deps.wait ?? defaultWait;
    while (this.playedInStep < moves.length) {
      await wait(this.deps.opponentDelayMs());
      if (generation !== this.generation || !this.running) return;
      if (!this.apply(itemAt(moves, this.playedInStep, 'step move'), true)) return;
      this.refresh();
    }
  }

  private refresh(): void {
    this.snapshot = this.buildSnapshot();
    this.coach = this.buildCoach();
    this.listeners.emit();
  }

  private buildCoach(): CoachState {
    const step = this.currentStep();
    const opponentPlaying =
      step.advance.kind === 'opponent' && this.playedInStep < step.advance.moves.length;
    return {
      index: this.index,
      step,
      total: this.steps.length,
      opponentPlaying,
      canContinue: step.advance.kind !== 'learner' && !opponentPlaying,
      error: this.feedback.error,
      finished: this.index === this.steps.length - 1,
    };
  }

  /** The scripted move, if the engine agrees it is legal now (the table offers only it). */
  private scriptedLegal(): Move[] {
    const advance = this.currentStep().advance;
    if (advance.kind !== 'learner') return [];
    const key = moveKey(advance.move);
    return legalMoves(this.position.state, LEARNER).filter((m) => moveKey(m) === key);
  }

  private buildSnapshot(): TableSnapshot {
    const state = this.position.state;
    const decision = pendingDecision(state);
    const step = this.currentStep();
    const legal = this.scriptedLegal();
    const opponentPlaying =
      step.advance.kind === 'opponent' && this.playedInStep < step.advance.moves.length;
    return {
      seats: this.players.map((p) => p.kind),
      players: this.players,
      viewer: LEARNER,
      view: viewFor(state, LEARNER),
      decision,
      passTo: null,
      legal,
      deciding: decidingSeats(decision),
      thinking: opponentPlaying ? OPPONENT : null,
      log: this.log(),
      canUndo: false,
      lastMove: this.feedback.lastMove,
      moveCount: this.position.moves.length,
      error: this.feedback.error,
      over: decision.kind === 'gameOver',
      hint:
        this.hintShown && legal[0]
          ? { status: 'ready', moveCount: this.position.moves.length, move: legal[0] }
          : { status: 'idle' },
      connection: null,
      coached: true,
      pending: false,
    };
  }

  private log(): LogEntry[] {
    const entries: LogEntry[] = [];
    this.position.events.forEach((events: GameEvent[], moveIndex) => {
      for (const event of visibleEvents(events, LEARNER)) {
        entries.push({ id: entries.length, moveIndex, event });
      }
    });
    return entries;
  }
}
