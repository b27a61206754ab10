/**
 * One simulated game between bots, reduced to a small summary (who won, from which seat,
 * with which Boss, how long each chapter lasted, which heists were offered and taken). The
 * summary is what a worker thread sends back; the aggregate is built from summaries.
 */
import { type BotConfig, createBot } from '@gangsta/bots';
import {
  applyMove,
  type CardId,
  type ChapterEndReason,
  createGame,
  type GameEvent,
  type GameOptionsInput,
  type GameState,
  isGameOver,
  itemAt,
  legalMoves,
  pendingDecision,
  type Seat,
  viewFor,
} from '@gangsta/engine';

export interface GameJob {
  /** Position of the game in the run (for ordering and error messages). */
  index: number;
  options: GameOptionsInput;
  /** A bot per seat (seeds included). */
  bots: BotConfig[];
  /** A label per seat, e.g. "heuristic", "ismcts:hard". */
  labels: string[];
}

export interface HeistTaken {
  card: CardId;
  chapter: number;
  /** Members activated (the initiator's and, in a cooperative heist, the others'). */
  engaged: number;
  cooperative: boolean;
  /** Players with a member in it (reward B goes once to each when cooperative). */
  participants: number;
}

export interface GameSummary {
  index: number;
  seed: number;
  players: number;
  firstPlayer: Seat;
  bosses: CardId[];
  labels: string[];
  winners: Seat[];
  /** Final IP by seat. */
  totals: number[];
  /** Final score breakdown by seat, in the engine's order of fields. */
  breakdown: Record<string, number>[];
  /** Turns in the whole game (extra turns included). */
  turns: number;
  /** Turns of chapters I, II, III. */
  chapterTurns: number[];
  /** How each chapter ended. */
  chapterReasons: ChapterEndReason[];
  endReason: ChapterEndReason;
  moves: number;
  heists: HeistTaken[];
  /** Heists laid face up in the row (each appearance). */
  offered: CardId[];
}

/** Follows a game's events to fill the parts of the summary the final state does not keep. */
class EventTracker {
  firstPlayer: Seat = 0;
  turn = 0;
  chapterStartTurn = 0;
  readonly chapterTurns: number[] = [];
  readonly chapterReasons: ChapterEndReason[] = [];
  readonly heists: HeistTaken[] = [];
  readonly offered: CardId[] = [];
  private current: { card: CardId; engaged: number } | null = null;

  see(event: GameEvent, after: GameState): void {
    switch (event.type) {
      case 'gameStarted':
        this.firstPlayer = event.firstPlayer;
        break;
      case 'turnStarted':
        this.turn = event.turn;
        break;
      case 'heistChosen':
        this.current = { card: event.card, engaged: 0 };
        break;
      case 'activated':
        if (this.current) this.current.engaged += 1;
        break;
      case 'heistAbandoned':
        this.current = null;
        break;
      case 'heistCompleted':
        this.heists.push({
          card: event.card,
          chapter: after.chapter,
          engaged: this.current?.engaged ?? event.participants.length,
          cooperative: event.cooperative,
          participants: event.participants.length,
        });
        this.current = null;
        break;
      case 'rowRefilled':
        if (event.row === 'heist' && event.card) this.offered.push(event.card);
        break;
      case 'chapterEnding':
        this.chapterTurns.push(this.turn - this.chapterStartTurn);
        this.chapterReasons.push(event.reason);
        this.chapterStartTurn = this.turn;
        break;
      case 'chapterStarted':
        // The new chapter's row is laid out without refill events.
        for (const id of after.heistRow) if (id) this.offered.push(id);
        break;
      default:
        break;
    }
  }
}

/** Plays one game with bots through the engine's checked API and summarizes it. */
export function playSimulatedGame(job: GameJob): GameSummary {
  const created = createGame(job.options);
  if (!created.ok) throw new Error(`game ${job.index}: ${created.error.message}`);
  let state = created.state;
  const tracker = new EventTracker();
  for (const event of created.events) tracker.see(event, state);
  for (const id of state.heistRow) if (id) tracker.offered.push(id);
  const bots = job.bots.map((config) => createBot(config));
  let moves = 0;
  while (!isGameOver(state)) {
    const decision = pendingDecision(state);
    // During the secret resource choice several seats decide; take the first still choosing.
    const candidates = decision.kind === 'keepResources' ? decision.seats : [];
    let seat = 'seat' in decision ? decision.seat : -1;
    let legal = seat >= 0 ? legalMoves(state, seat) : [];
    for (const s of candidates) {
      legal = legalMoves(state, s);
      seat = s;
      if (legal.length > 0) break;
    }
    if (legal.length === 0)
      throw new Error(`game ${job.index}: nobody can move at "${decision.kind}"`);
    const { move } = itemAt(bots, seat, 'bot').decide(viewFor(state, seat), legal);
    const result = applyMove(state, move);
    if (!result.ok)
      throw new Error(`game ${job.index}: move ${moves} refused: ${result.error.message}`);
    state = result.state;
    moves += 1;
    for (const event of result.events) tracker.see(event, state);
  }
  const result = state.result!;
  const scores = [...result.scores].sort((a, b) => a.seat - b.seat);
  return {
    index: job.index,
    seed: state.options.seed,
    players: state.options.players,
    firstPlayer: tracker.firstPlayer,
    bosses: state.players.map((p) => p.boss),
    labels: job.labels,
    winners: result.winners,
    totals: scores.map((s) => s.total),
    breakdown: scores.map(({ seat: _seat, ...rest }) => ({ ...rest })),
    turns: state.turnNumber,
    chapterTurns: tracker.chapterTurns,
    chapterReasons: tracker.chapterReasons,
    endReason: result.reason,
    moves,
    heists: tracker.heists,
    offered: tracker.offered,
  };
}
