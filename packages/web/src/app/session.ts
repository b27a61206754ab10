/**
 * The app's session: which screen is open, the game controller of the table (if any), the bot
 * worker and the settings. It lives outside React so that a game is created exactly once (React's
 * strict mode renders twice) and React only subscribes to it.
 */
import type { ReviewedDecision } from '@gangsta/bots';
import type { EngineError, GameOptionsInput, GameRecord, Seat } from '@gangsta/engine';
import { type BotClient, createWorkerBotClient } from '../bots/botClient.ts';
import { GameController } from '../features/local/controller.ts';
import type { OnlineRoute } from '../features/online/state/routes.ts';
import { castNames } from '../game/players.ts';
import type { SeatKind } from '../game/seats.ts';
import {
  clearSavedGame,
  loadPlayerName,
  loadSavedGame,
  loadSettings,
  rememberAtTable,
  type Settings,
  saveGame,
  saveSettings,
  wasAtTable,
} from '../game/storage.ts';
import { Listeners } from '../store.ts';
import type { TablePlayer } from '../table/tableSource.ts';

/** "Play" on the welcome screen: you and three medium bots, classic rules, a fresh shuffle. */
export const QUICK_SEATS: readonly SeatKind[] = ['human', 'medium', 'medium', 'medium'];

export function randomSeed(): number {
  // A one-element array: the default never applies.
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return value % 1_000_000_000;
}

export type Screen =
  /** The first screen: Play, Learn to play, Continue, Play online, Custom game. */
  | { name: 'welcome' }
  /** "Custom game": every option of a local game. */
  | { name: 'newGame' }
  | { name: 'table' }
  /** A replay; `players` (kinds and names) null for a file that does not say who sat where. */
  | {
      name: 'replay';
      record: GameRecord;
      players: readonly TablePlayer[] | null;
      focus?: ReviewFocus;
    }
  | { name: 'rules'; back: Screen }
  | { name: 'tutorial' }
  /** Online play (`#/online…`): the lobby, creating a table, a table. */
  | { name: 'online'; route: OnlineRoute };

/** A decision of a game review, to show on the table: the replay opens at its position. */
export interface ReviewFocus {
  decision: ReviewedDecision;
  seat: Seat;
}

export interface SessionSnapshot {
  screen: Screen;
  controller: GameController | null;
  settings: Settings;
}

export interface SessionOptions {
  bots?: () => BotClient;
  persist?: boolean;
}

export class Session {
  private snapshot: SessionSnapshot;
  private readonly listeners = new Listeners();
  private botClient: BotClient | null = null;
  private readonly makeBots: () => BotClient;
  private readonly persist: boolean;

  constructor(options: SessionOptions = {}) {
    this.makeBots = options.bots ?? createWorkerBotClient;
    this.persist = options.persist ?? true;
    this.snapshot = { screen: { name: 'welcome' }, controller: null, settings: loadSettings() };
  }

  subscribe = this.listeners.subscribe;

  getSnapshot = (): SessionSnapshot => this.snapshot;

  /** The bot worker, started the first time a bot or a hint is needed. */
  bots(): BotClient {
    this.botClient ??= this.makeBots();
    return this.botClient;
  }

  /**
   * A game in progress saved by this browser is rebuilt. A reload at its table goes back to the
   * table (or its score screen); a new visit stays on the welcome screen, which offers
   * "Continue" first.
   */
  resumeSaved(): boolean {
    const saved = this.persist ? loadSavedGame() : null;
    if (!saved) return false;
    const atTable = wasAtTable();
    const resumed = this.resume(saved.record, saved.seats, saved.names).ok;
    if (resumed && !atTable) this.update({ screen: { name: 'welcome' } });
    return resumed;
  }

  /** "Play": one click to a table against three medium bots, seated under the player's name. */
  quickGame(): { ok: true } | { ok: false; error: EngineError } {
    return this.newGame(
      { players: QUICK_SEATS.length, seed: randomSeed() },
      [...QUICK_SEATS],
      [loadPlayerName()],
    );
  }

  newGame(
    options: GameOptionsInput,
    seats: SeatKind[],
    names?: (string | null)[],
  ): { ok: true } | { ok: false; error: EngineError } {
    // Bots get their names now, from the seed, so a reload or a saved file keeps them.
    const cast = castNames(options, seats, names);
    const started = GameController.start(options, seats, this.deps(), undefined, cast);
    if (!started.ok) return started;
    this.setController(started.controller);
    return { ok: true };
  }

  /** Play on from a record (a saved game, or an imported unfinished one). */
  resume(
    record: GameRecord,
    seats: SeatKind[],
    names?: (string | null)[],
  ): { ok: true } | { ok: false; error: EngineError } {
    // An imported file or an older save has no bot names: the bots get theirs from the seed.
    const options = record.cardSet
      ? { ...record.options, cardSet: record.cardSet }
      : record.options;
    const cast = castNames(options, seats, names);
    const resumed = GameController.resume(record, seats, this.deps(), cast);
    if (!resumed.ok) return resumed;
    if (this.persist) saveGame({ record, seats, names: cast });
    this.setController(resumed.controller);
    return { ok: true };
  }

  /** An online screen; the local game at the table (if any) stays where it is. */
  openOnline(route: OnlineRoute): void {
    this.update({ screen: { name: 'online', route } });
  }

  /** The replay of a game; with `focus`, at a reviewed decision with its better move marked. */
  openReplay(
    record: GameRecord,
    players: readonly TablePlayer[] | null,
    focus?: ReviewFocus,
  ): void {
    this.update({ screen: { name: 'replay', record, players, ...(focus ? { focus } : {}) } });
  }

  openRules(): void {
    const back =
      this.snapshot.screen.name === 'rules' ? this.snapshot.screen.back : this.snapshot.screen;
    this.update({ screen: { name: 'rules', back } });
  }

  closeRules(): void {
    const screen = this.snapshot.screen;
    if (screen.name === 'rules') this.update({ screen: screen.back });
  }

  /** The welcome screen; the game at the table (if any) waits behind "Continue". */
  openWelcome(): void {
    this.update({ screen: { name: 'welcome' } });
  }

  /** The custom-game form; the game at the table (if any) is left behind. */
  openNewGame(): void {
    this.update({ screen: { name: 'newGame' } });
  }

  /** "Learn to play": the scripted first game (a game at the table, if any, stays there). */
  openTutorial(): void {
    this.update({ screen: { name: 'tutorial' } });
  }

  backToTable(): void {
    if (this.snapshot.controller) this.update({ screen: { name: 'table' } });
  }

  /** Ends the game at the table for good (the saved copy too). */
  abandonGame(): void {
    this.snapshot.controller?.dispose();
    if (this.persist) clearSavedGame();
    this.update({ controller: null, screen: { name: 'welcome' } });
  }

  setSettings(settings: Settings): void {
    saveSettings(settings);
    this.update({ settings });
  }

  private deps() {
    // The worker starts on the first bot question, not when a table of humans sits down.
    const bots: BotClient = {
      ask: (kind, seed, view, legal) => this.bots().ask(kind, seed, view, legal),
      review: (order) => {
        const bots = this.bots();
        if (!bots.review) throw new Error('this bot client cannot review a game');
        return bots.review(order);
      },
      dispose() {},
    };
    return {
      bots,
      settings: () => this.snapshot.settings,
      // A session without persistence (the tests') saves nothing.
      ...(this.persist
        ? {
            save: (record: GameRecord, seats: SeatKind[], names: (string | null)[]) =>
              saveGame({ record, seats, names }),
          }
        : {}),
    };
  }

  private setController(controller: GameController): void {
    this.snapshot.controller?.dispose();
    this.update({ controller, screen: { name: 'table' } });
  }

  private update(change: Partial<SessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    if (this.persist && change.screen) rememberAtTable(change.screen.name === 'table');
    this.listeners.emit();
  }
}
