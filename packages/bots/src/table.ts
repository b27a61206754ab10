/**
 * What a bot may read about the game: the fields common to a seat's GameView and to a full
 * GameState. The heuristic reads this shape, so the same code serves a live decision (from a
 * view) and an ISMCTS playout (from a determinized state) while being unable, by type, to
 * peek at deck order or the generator.
 */
import type {
  CardId,
  CardSet,
  GameOptions,
  HeistInProgress,
  KeptResource,
  Member,
  Phase,
  Seat,
  TurnState,
} from '@gangsta/engine';

export interface SeatTable {
  seat: Seat;
  boss: CardId;
  gang: Member[];
  cash: number;
  bank: number;
  /** Null when hidden by the private-heist-influence option. */
  heistIp: number | null;
  /** Null when hidden with the running IP (R-OPT-3): a view then gives `pileSize`. */
  pile: CardId[] | null;
  /** The pile's size, in a view (a full state has the pile itself). */
  pileSize?: number;
  hospital: Member[];
  resources: KeptResource[];
  dealt: CardId[];
  peek: { heist?: CardId | null; gangster?: CardId | null };
}

export interface Table {
  options: Omit<GameOptions, 'seed'>;
  cards: CardSet;
  players: readonly SeatTable[];
  phase: Phase;
  chapter: 1 | 2 | 3;
  turn: TurnState;
  turnNumber: number;
  heistRow: (CardId | null)[];
  recruitRow: (CardId | null)[];
  laterHeists: CardId[];
  removed: CardId[];
  snitchesThisChapter: number;
  idleTurns: number;
  chapterEndPending: boolean;
  heist: HeistInProgress | null;
}
