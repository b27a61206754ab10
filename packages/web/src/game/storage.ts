/**
 * What the browser keeps between visits: the game in progress (its record and who sits where)
 * and the player's settings. Reading never throws: a damaged entry is treated as absent.
 */
import type { GameRecord } from '@gangsta/engine';
import { parseGameFile } from './record.ts';
import { SEAT_KINDS, type SeatKind } from './seats.ts';

const GAME_KEY = 'gangsta.game.v1';
const SETTINGS_KEY = 'gangsta.settings.v1';

export interface SavedGame {
  record: GameRecord;
  seats: SeatKind[];
  /** The players' chosen names (null: the seat's default); absent in saves made before names. */
  names?: (string | null)[];
}

export interface Settings {
  /** Shortest time a bot move stays "thinking", so people can follow the bots. */
  botDelayMs: number;
  /**
   * Simulations per decision of a game review; absent: the bots' default. Not in the menu:
   * the browser tests set it low (in the stored settings) to review a game in seconds.
   */
  reviewIterations?: number;
}

export const DEFAULT_SETTINGS: Settings = { botDelayMs: 700 };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function saveGame(saved: SavedGame): void {
  storage()?.setItem(GAME_KEY, JSON.stringify(saved));
}

export function clearSavedGame(): void {
  storage()?.removeItem(GAME_KEY);
}

export function loadSavedGame(): SavedGame | null {
  const text = storage()?.getItem(GAME_KEY);
  if (!text) return null;
  try {
    const data = JSON.parse(text) as { record?: unknown; seats?: unknown; names?: unknown };
    const seats = data.seats;
    if (!Array.isArray(seats) || !seats.every((s) => SEAT_KINDS.includes(s as SeatKind))) {
      return null;
    }
    const parsed = parseGameFile(JSON.stringify(data.record));
    if (!parsed.ok || parsed.record.options.players !== seats.length) return null;
    return {
      record: parsed.record,
      seats: seats as SeatKind[],
      names: savedNames(data.names, seats.length),
    };
  } catch {
    return null;
  }
}

/** Names as saved, or all defaults when the save has none (older saves) or they are damaged. */
function savedNames(names: unknown, count: number): (string | null)[] {
  if (!Array.isArray(names) || names.length !== count) return Array(count).fill(null);
  return names.map((n) => (typeof n === 'string' && n.trim() !== '' ? n.slice(0, 40) : null));
}

const SOUND_KEY = 'gangsta.sound.v1';
const SOUND_VOLUME_KEY = 'gangsta.soundVolume.v1';
/** A low volume: the table's sounds are on by default, and must not startle. */
export const DEFAULT_SOUND_VOLUME = 0.35;

/**
 * Table sounds: on unless the player switched them off, which is remembered (kept apart from
 * the other settings). They start only after the page's first user gesture (table/motion/sound.ts).
 */
export function loadSoundOn(): boolean {
  return storage()?.getItem(SOUND_KEY) !== 'off';
}

export function saveSoundOn(on: boolean): void {
  storage()?.setItem(SOUND_KEY, on ? 'on' : 'off');
}

/** The sounds' volume, 0 to 1. */
export function loadSoundVolume(): number {
  const text = storage()?.getItem(SOUND_VOLUME_KEY);
  const volume = text === null || text === undefined ? Number.NaN : Number(text);
  return Number.isFinite(volume) && volume >= 0 && volume <= 1 ? volume : DEFAULT_SOUND_VOLUME;
}

export function saveSoundVolume(volume: number): void {
  storage()?.setItem(SOUND_VOLUME_KEY, String(volume));
}

export function loadSettings(): Settings {
  const text = storage()?.getItem(SETTINGS_KEY);
  if (!text) return { ...DEFAULT_SETTINGS };
  try {
    const data = JSON.parse(text) as Partial<Settings>;
    const delay = Number(data.botDelayMs);
    const review = Number(data.reviewIterations);
    return {
      botDelayMs: Number.isFinite(delay) && delay >= 0 ? delay : DEFAULT_SETTINGS.botDelayMs,
      ...(Number.isInteger(review) && review > 0 ? { reviewIterations: review } : {}),
    };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function saveSettings(settings: Settings): void {
  storage()?.setItem(SETTINGS_KEY, JSON.stringify(settings));
}

const NAME_KEY = 'gangsta.name.v1';
/** The longest name a seat takes (the new-game form and the online name allow as much). */
export const NAME_MAX = 24;

/** The player's own name, asked once on the welcome screen; null until given. */
export function loadPlayerName(): string | null {
  const name = storage()?.getItem(NAME_KEY)?.trim();
  return name ? name.slice(0, NAME_MAX) : null;
}

export function savePlayerName(name: string): void {
  const trimmed = name.trim().slice(0, NAME_MAX);
  if (trimmed) storage()?.setItem(NAME_KEY, trimmed);
  else storage()?.removeItem(NAME_KEY);
}

const AT_TABLE_KEY = 'gangsta.atTable.v1';

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Whether this tab was at the table of the saved game. A reload in the middle of a game puts
 * the player back at the table, as before; a new visit (a new tab, the next day) opens on the
 * welcome screen with "Continue" first. sessionStorage is exactly that: it survives a reload of
 * the tab and nothing else.
 */
export function wasAtTable(): boolean {
  return tabStorage()?.getItem(AT_TABLE_KEY) === '1';
}

export function rememberAtTable(atTable: boolean): void {
  if (atTable) tabStorage()?.setItem(AT_TABLE_KEY, '1');
  else tabStorage()?.removeItem(AT_TABLE_KEY);
}
