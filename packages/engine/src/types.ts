/**
 * The engine's data: game state, moves, pending decisions, events and errors. Everything here
 * is plain JSON so a game can be saved, sent and replayed; nothing holds a function.
 */
import type { CardSet, Family, Reward, Skill } from './cards/schema.ts';
import type { ScoreSource } from './scoreSources.ts';

export type CardId = string;
/** A seat index, 0-based, in seat order. */
export type Seat = number;

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

export interface GameOptions {
  /** 2 to 4 (R-COMP-9). */
  players: number;
  /** Seed of the game's generator: the same options and moves give the same game. */
  seed: number;
  /** R-FAM: family discount and majorities. */
  families: boolean;
  /** R-RES: resource cards. */
  resources: boolean;
  /** R-SETUP-3 expert option: dealt 3, keep 2 (needs `resources`). */
  expertResources: boolean;
  /** R-OPT-1: Leader income when passing is at least $2. */
  minimumPassIncome: boolean;
  /** R-OPT-2: +$1 starting cash per seat after the first player. */
  catchUpCash: boolean;
  /** R-OPT-3: other seats do not see a player's running heist IP. */
  privateHeistInfluence: boolean;
  /**
   * R-OPT-4: `online` plays the online edition's rules (the default); `printed` plays the
   * printed rulebooks where the two differ (the Bank at a snitch, when resource cards are
   * chosen, the 90-heist box). Always set in a game's options (`createGame` fills the
   * default); optional here so that options written before it existed still type-check.
   */
  ruleset?: Ruleset;
  /** First player (R-SETUP-4); drawn from the seed when absent. */
  firstPlayer?: Seat;
  /** Bosses by seat, for a table that deals them itself; drawn from the seed when absent. */
  bosses?: CardId[];
}

/** The rulesets of R-OPT-4 (options.ts lists them as `RULESETS`). */
export type Ruleset = 'online' | 'printed';

export type GameOptionsInput = Partial<GameOptions> & { players: number };

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------

export interface Member {
  id: CardId;
  engaged: boolean;
  /** The one skill this member learned by Training (R-REW-4), if any. */
  learned?: Skill;
  /** A Training heist kept under this member (R-HEIST-8); it leaves with the member. */
  tucked?: CardId;
}

export interface KeptResource {
  id: CardId;
  active: boolean;
}

export interface PlayerState {
  seat: Seat;
  boss: CardId;
  /** The Boss first, then gangsters in the order they joined. */
  gang: Member[];
  /** Money held (R-COMP-8); never negative. */
  cash: number;
  /** Money kept on the Bank card (R-RES-2), not cash. */
  bank: number;
  /** IP gained from heists, rewards A and B (R-END-1). */
  heistIp: number;
  /** Heists this player initiated, face down (R-HEIST-8). */
  pile: CardId[];
  /** Members waiting in this player's Hospital (R-RES-2). */
  hospital: Member[];
  /** Resource cards kept; revealed once every seat has chosen (R-SETUP-3). */
  resources: KeptResource[];
  /** Resource cards dealt and not yet chosen from (hidden from the other seats). */
  dealt: CardId[];
  /** What Biker gang / Informant network showed this player this turn (hidden from others). */
  peek: { heist?: CardId | null; gangster?: CardId | null };
}

export type Phase =
  | 'resourceChoice'
  | 'mobilization'
  | 'action'
  | 'heist'
  | 'endOfTurn'
  | 'gameOver';

/** The heist being put together or paid out. */
export interface HeistInProgress {
  card: CardId;
  initiator: Seat;
  fromDeck: boolean;
  /** Requirement icons still to cover (R-HEIST-2). */
  remaining: Skill[];
  /** Activated members in order, with their owners. */
  activated: { member: CardId; seat: Seat }[];
  /** High-tech equipment's choice was made (or did not apply). */
  requirementSettled: boolean;
  /** Set when the requirement is covered: rewards are being resolved. */
  completed: boolean;
  /** Whether reward B is paid (an opponent's member took part). */
  cooperative: boolean;
  /** The member that learned a skill from this heist, if any (R-HEIST-8). */
  trainedMember?: CardId;
}

/** Per-turn bookkeeping of the active player. */
export interface TurnState {
  seat: Seat;
  /** This turn was granted by Play again (R-REW-5). */
  extra: boolean;
  /** Play again was won this turn. */
  playAgain: boolean;
  /** Free readies left (R-MOB-2). */
  freeReadies: number;
  headquartersUsed: boolean;
  /** A recruit or a completed heist happened (R-SAFE-1). */
  productive: boolean;
  /** An action has been taken (recruit, heist or pass). */
  acted: boolean;
  /** Heists given up this turn (capped, so a turn always ends: R-SAFE-1). */
  abandons: number;
  /** Bank deposits and withdrawals this turn (capped likewise). */
  bankMoves: number;
}

/**
 * A step the engine must still carry out, as data (a reload resumes exactly here). Steps that
 * need a player's choice become the pending decision when they reach the front of the queue.
 */
export type Task =
  | { kind: 'reward'; seat: Seat; reward: Reward; heist: CardId }
  | { kind: 'diversion'; seat: Seat; left: number }
  | { kind: 'assassinationDiscard'; seat: Seat }
  | { kind: 'privateJet'; seat: Seat }
  | { kind: 'finishHeist' }
  | { kind: 'refillHeistSlot'; slot: number }
  | { kind: 'resolveSnitch'; snitch: CardId }
  | { kind: 'snitchDiscard'; seat: Seat; snitch: CardId }
  | { kind: 'passHospital'; seat: Seat }
  | { kind: 'passDiscard'; seat: Seat }
  | { kind: 'secretSociety'; seat: Seat }
  | { kind: 'bankAtTurnEnd'; seat: Seat }
  /** R-RES-2: the Bank's owner may deposit or withdraw before money is put at stake (a heist's
   * partners' rewards and slot refill, a pass's row discard). */
  | { kind: 'bankWindow'; seat: Seat }
  /** R-SNITCH-5 (printed ruleset): the active player may use their Bank before a snitch takes
   * its due. */
  | { kind: 'bankBeforeSnitch'; seat: Seat; snitch: CardId }
  | { kind: 'endOfTurn' }
  | { kind: 'finishTurn' }
  | { kind: 'gangWarDiscard'; seat: Seat; chooser: Seat }
  | { kind: 'startChapter'; firstPlayer: Seat };

export interface GameState {
  /** Format version of this object. */
  version: 1;
  options: GameOptions;
  /** The cards this game is played with (immutable; shared by clones). */
  cards: CardSet;
  /** The generator's state (hidden from every view). */
  rng: number;
  players: PlayerState[];
  phase: Phase;
  chapter: 1 | 2 | 3;
  turn: TurnState;
  /** Turns taken so far, extra turns included. */
  turnNumber: number;
  /** Moves applied so far. */
  moveCount: number;
  /** Moves up to this count can no longer be undone (R-TURN-3). */
  undoFloor: number;
  /** Face-up heists; null is an empty slot (R-SETUP-2). */
  heistRow: (CardId | null)[];
  /** The current chapter's deck, top first (hidden). */
  heistDeck: CardId[];
  /** Heists and snitches of chapters not yet begun (hidden, unshuffled). */
  laterHeists: CardId[];
  recruitRow: (CardId | null)[];
  /** Top first (hidden). */
  gangsterDeck: CardId[];
  /** Resource cards never dealt (hidden). */
  resourceDeck: CardId[];
  /** Resource cards dealt and not kept: out of the game, unseen (R-SETUP-3). */
  unkeptResources: CardId[];
  /** Cards that left the game face up: discarded members and row cards, resolved snitches, old rows. */
  removed: CardId[];
  /** Snitches revealed during play in this chapter (R-SNITCH-4). */
  snitchesThisChapter: number;
  /** Consecutive turns with no recruit and no completed heist (R-SAFE-1). */
  idleTurns: number;
  /** The current chapter will end when the current turn ends (R-CHAP-2). */
  chapterEndPending: boolean;
  /** Why it will end, once pending. */
  chapterEndReason: ChapterEndReason | null;
  /** The gang war has begun: Counterfeit printer stops for good (R-RES-2). */
  gangWarBegun: boolean;
  heist: HeistInProgress | null;
  /** Steps still to carry out, front first. */
  queue: Task[];
  result: GameResult | null;
}

// ---------------------------------------------------------------------------------------------
// Pending decisions
// ---------------------------------------------------------------------------------------------

/** Who must decide what now. */
export type Decision =
  | { kind: 'keepResources'; seats: Seat[]; keep: number }
  | { kind: 'mobilize'; seat: Seat; freeReadies: number }
  | { kind: 'action'; seat: Seat }
  | { kind: 'highTech'; seat: Seat; heist: CardId }
  | { kind: 'activate'; seat: Seat; heist: CardId; remaining: Skill[] }
  | { kind: 'recruitReward'; seat: Seat }
  | { kind: 'training'; seat: Seat; skill: Skill }
  | { kind: 'theft'; seat: Seat; amount: number }
  | { kind: 'assassination'; seat: Seat }
  | { kind: 'assassinationDiscard'; seat: Seat }
  | { kind: 'mobilizationReward'; seat: Seat }
  | { kind: 'diversion'; seat: Seat; left: number }
  | { kind: 'privateJet'; seat: Seat }
  | { kind: 'hospitalReturn'; seat: Seat }
  | { kind: 'passDiscard'; seat: Seat }
  | { kind: 'secretSociety'; seat: Seat }
  /**
   * Bank (R-RES-2): deposits and withdrawals at a Bank window (after a heist's own rewards,
   * before a pass's discard, at the turn's end; with the printed ruleset also when a snitch
   * revealed in the player's own turn would cost more than their cash: `snitch` and `owed`,
   * R-SNITCH-5). Bank moves are also offered in mobilization, the action and the Recruit
   * reward.
   */
  | { kind: 'bank'; seat: Seat; snitch?: CardId; owed?: number }
  | { kind: 'snitchDiscard'; seat: Seat; snitch: CardId }
  | { kind: 'gangWarDiscard'; seat: Seat; victim: Seat }
  | { kind: 'gameOver' };

export type DecisionKind = Decision['kind'];

// ---------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------

/** Every move names the seat that makes it. */
export type Move =
  /** R-SETUP-3: the resource cards to keep. */
  | { type: 'keepResources'; seat: Seat; cards: CardId[] }
  /** Make an engaged member of your gang available (mobilization, Private jet, Secret society). */
  | { type: 'ready'; seat: Seat; member: CardId }
  /** Headquarters: pay to make the whole gang available. */
  | { type: 'headquarters'; seat: Seat }
  /** Bank: deposit (positive) or withdraw (negative). */
  | { type: 'bank'; seat: Seat; amount: number }
  /** Recruit from the recruit row (as the action or a Recruit reward). */
  | { type: 'recruit'; seat: Seat; card: CardId }
  /** Informant network: recruit the top of the gangster deck. */
  | { type: 'recruitFromDeck'; seat: Seat }
  /** Choose a heist of the row. */
  | { type: 'heist'; seat: Seat; card: CardId }
  /** Biker gang: perform the top heist of the deck. */
  | { type: 'heistFromDeck'; seat: Seat }
  | { type: 'pass'; seat: Seat }
  /** High-tech equipment: remove one requirement icon before the first activation. */
  | { type: 'removeIcon'; seat: Seat; skill: Skill }
  /** Activate a member (yours, or an opponent's in a cooperative heist). */
  | { type: 'activate'; seat: Seat; member: CardId }
  /** Give up the heist being put together and choose the action again. */
  | { type: 'abandonHeist'; seat: Seat }
  /** Training: the member that learns the skill. */
  | { type: 'train'; seat: Seat; member: CardId }
  /** Theft or Assassination: the opponent. */
  | { type: 'target'; seat: Seat; target: Seat }
  /** Discard a member (Assassination, snitch, gang war). */
  | { type: 'discardMember'; seat: Seat; member: CardId }
  /** Mobilization reward: make the whole gang available. */
  | { type: 'mobilizeGang'; seat: Seat }
  /** Diversion: engage an opponent's available member. */
  | { type: 'engage'; seat: Seat; member: CardId }
  /** Hospital: bring a member back. */
  | { type: 'returnFromHospital'; seat: Seat; member: CardId }
  /** Pass: discard a row card. */
  | { type: 'discardRow'; seat: Seat; card: CardId }
  /** Finish or decline the current optional decision. */
  | { type: 'done'; seat: Seat };

export type MoveType = Move['type'];

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

/** What happened, for logs and animation. `to` marks an event only that seat may see. */
export type GameEvent =
  | { type: 'gameStarted'; firstPlayer: Seat; bosses: CardId[] }
  | { type: 'resourcesDealt'; seat: Seat; cards: CardId[]; to: Seat }
  | { type: 'resourcesChosen'; seat: Seat }
  | { type: 'resourcesRevealed'; kept: CardId[][] }
  | { type: 'resourceActivated'; seat: Seat; card: CardId }
  | { type: 'turnStarted'; seat: Seat; turn: number; extra: boolean }
  | { type: 'income'; seat: Seat; amount: number; reason: IncomeReason }
  | { type: 'peeked'; seat: Seat; heist?: CardId | null; gangster?: CardId | null; to: Seat }
  | { type: 'synchronized'; seat: Seat }
  | { type: 'readied'; seat: Seat; member: CardId; cost: number; reason: ReadyReason }
  | { type: 'gangReadied'; seat: Seat; cost: number; reason: 'headquarters' | 'mobilization' }
  | { type: 'bank'; seat: Seat; amount: number }
  | { type: 'recruited'; seat: Seat; card: CardId; cost: number; fromDeck: boolean }
  | { type: 'heistChosen'; seat: Seat; card: CardId; fromDeck: boolean; cost: number }
  | { type: 'iconRemoved'; seat: Seat; skill: Skill }
  | { type: 'activated'; seat: Seat; member: CardId; owner: Seat; remaining: Skill[] }
  | { type: 'heistAbandoned'; seat: Seat; card: CardId }
  | { type: 'heistCompleted'; seat: Seat; card: CardId; cooperative: boolean; participants: Seat[] }
  /**
   * `private`: R-OPT-3 is on, so only `seat` learns the amount; everyone else is shown an
   * `influenceHidden` event instead (`visibleEvents`).
   */
  | { type: 'influence'; seat: Seat; amount: number; private?: true }
  /** Another seat's `influence` event under R-OPT-3: IP was gained, the amount is hidden. */
  | { type: 'influenceHidden'; seat: Seat }
  | { type: 'trained'; seat: Seat; member: CardId; skill: Skill }
  | { type: 'playAgainWon'; seat: Seat }
  | { type: 'theft'; seat: Seat; target: Seat; amount: number }
  | { type: 'assassinationOrdered'; seat: Seat; target: Seat }
  | {
      type: 'memberDiscarded';
      seat: Seat;
      member: CardId;
      reason: DiscardReason;
      toHospital: boolean;
    }
  | { type: 'diverted'; seat: Seat; member: CardId; owner: Seat }
  | { type: 'passed'; seat: Seat }
  | { type: 'returnedFromHospital'; seat: Seat; member: CardId }
  | { type: 'rowCardDiscarded'; seat: Seat; card: CardId; row: 'heist' | 'recruit' }
  | { type: 'rowRefilled'; row: 'heist' | 'recruit'; slot: number; card: CardId | null }
  | { type: 'snitchRevealed'; card: CardId; value: number; count: number }
  | { type: 'snitchPaid'; seat: Seat; amount: number }
  | { type: 'snitchSpared'; seat: Seat }
  | { type: 'chapterEnding'; chapter: number; seat: Seat; reason: ChapterEndReason }
  | { type: 'opportunityIncome'; seat: Seat; amount: number; icons: number }
  | { type: 'gangWar'; mercenaries: number[]; losers: Seat[] }
  | { type: 'chapterStarted'; chapter: number; firstPlayer: Seat; row: (CardId | null)[] }
  | { type: 'turnEnded'; seat: Seat }
  | { type: 'gameEnded'; result: GameResult };

export type IncomeReason = 'heist' | 'pass' | 'blackMarket' | 'counterfeitPrinter' | 'opportunity';
export type ReadyReason = 'leader' | 'paid' | 'privateJet' | 'secretSociety';
export type DiscardReason = 'assassination' | 'snitch' | 'gangWar';
export type ChapterEndReason = 'gangSize' | 'snitches' | 'safeguard';

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

/** A seat's final score: IP from each source (`SCORE_SOURCES`, scoreSources.ts) and their total. */
export interface ScoreBreakdown extends Record<ScoreSource, number> {
  seat: Seat;
  total: number;
  /** Tie-break (R-END-4). */
  gangSize: number;
}

export interface GameResult {
  scores: ScoreBreakdown[];
  /** One seat, or several for a shared victory (R-END-4). */
  winners: Seat[];
  /** How the game ended. */
  reason: ChapterEndReason;
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

export type ErrorCode =
  | 'MALFORMED_MOVE'
  | 'GAME_OVER'
  | 'WRONG_SEAT'
  | 'UNKNOWN_CARD'
  | 'ILLEGAL_MOVE'
  | 'INVALID_OPTIONS'
  | 'INVALID_STATE'
  | 'INVALID_SCENARIO'
  | 'NOTHING_TO_UNDO';

export interface EngineError {
  code: ErrorCode;
  message: string;
  /** Machine-readable details for translation (the move's type, the seat, the card …). */
  params: Record<string, string | number | boolean | null>;
}

export type ApplyResult =
  | { ok: true; state: GameState; events: GameEvent[]; undoable: boolean }
  | { ok: false; error: EngineError };

export type { CardSet, Family, Reward, Skill };
