/**
 * Reading the server's frames: parsing (with a typed problem for what cannot be read), and
 * each table's copy of the position, kept up to date by `sync` (whole) and `update` (a JSON
 * Patch of the frame held, checked by its digest now and then; see the protocol's
 * frameDelta.ts).
 */
import {
  type GameFrame,
  nextFrame,
  parseServerMessage,
  type ServerMessage,
  type ServerMessageOf,
  type UpdateFrame,
  withoutCards,
} from '@gangsta/protocol';

/** What the client could not use, as its `problem` event tells it. Never thrown. */
export interface ClientProblem {
  kind: /** A binary frame: the protocol is text. */
    | 'binary'
    /** Not JSON. */
    | 'malformed'
    /** JSON with a `type` the protocol does not have (a newer server?). */
    | 'unknown-type'
    /** A known type whose fields the schema refuses. */
    | 'invalid'
    /** An update that does not follow the version held: the table is watched again. */
    | 'gap'
    /** An update whose patch does not apply or does not match its digest: a fresh sync. */
    | 'patch'
    /** A handler or listener threw while taking a frame. */
    | 'handler'
    /** The socket could not be opened. */
    | 'socket'
    /** The server speaks another protocol version: the client stops. */
    | 'protocol-version'
    /** An `error` frame not about a table. */
    | 'server-error';
  message: string;
  table?: string;
  /** The frame's text (cut to 500 characters), for frame problems. */
  raw?: string;
}

export type ParseResult = { ok: true; message: ServerMessage } | { ok: false; problem: string };

/** The server's message types, to tell an unknown type from a bad known one. */
const KNOWN_TYPES = new Set<string>([
  'welcome',
  'table',
  'sync',
  'update',
  'ack',
  'rejected',
  'chat',
  'chatRemoved',
  'error',
  'closing',
] satisfies ServerMessage['type'][]);

/** The problem of a frame `parse` refused. */
export function frameProblem(raw: string, problem: string): ClientProblem {
  let kind: ClientProblem['kind'] = 'invalid';
  try {
    const data: unknown = JSON.parse(raw);
    const type = (data as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) kind = 'unknown-type';
  } catch {
    kind = 'malformed';
  }
  return { kind, message: problem, raw: raw.slice(0, 500) };
}

/** The protocol's own parser (zod schemas): the default. */
export const parseFrame = (text: string): ParseResult => parseServerMessage(text);

/** A table's position as this client holds it. */
export interface TableView {
  /** The version held; 0 before the first `sync`. */
  version: number;
  /** The frame of that version, with its card set (null in the waiting room). */
  frame: GameFrame | null;
  /** An update skipped versions, or did not patch: the client waits for the answer to a watch. */
  gap: boolean;
}

/** What an update did to the table held. */
export type UpdateOutcome =
  | { kind: 'applied' }
  /** A version already held (a watch answered twice): nothing to do. */
  | { kind: 'old' }
  /** Versions are missing: watch again with `seen` (undefined: a fresh sync). */
  | { kind: 'gap'; seen: number | undefined; problem: string }
  | { kind: 'patch'; problem: string };

/** One table's copy: the frame the patches apply to (without the card set) and the cards. */
export class TableCopy {
  version: number | undefined;
  private base: UpdateFrame | null = null;
  /** The card set of the last sync's frame (updates never carry it). */
  private cards: { value: unknown } | null = null;
  full: GameFrame | null = null;
  gap = false;

  view(): TableView {
    return { version: this.version ?? 0, frame: this.full, gap: this.gap };
  }

  sync(message: ServerMessageOf<'sync'>): void {
    this.version = message.version;
    this.full = message.frame;
    this.base = message.frame ? withoutCards(message.frame) : null;
    this.cards = message.frame ? { value: message.frame.view.cards } : null;
    this.gap = false;
  }

  /**
   * Applies an update that follows the version held. A patched update gets its whole `frame`
   * (without the card set, as the protocol's type says), so every reader sees one.
   */
  update(message: ServerMessageOf<'update'>): UpdateOutcome {
    const held = this.version;
    if (held === undefined || message.from !== held) {
      if (held !== undefined && held >= message.version) return { kind: 'old' };
      this.gap = true;
      return {
        kind: 'gap',
        seen: held,
        problem: `update ${message.from}→${message.version} of table ${message.table} after version ${held ?? 'none'}`,
      };
    }
    const cards = this.cards;
    if (!cards) {
      // A position with no card set held (the waiting room's sync): only a sync has them.
      this.gap = true;
      return { kind: 'patch', problem: `update of table ${message.table} before a game frame` };
    }
    const next = nextFrame(this.base, message);
    if (!next.ok) {
      this.gap = true;
      return {
        kind: 'patch',
        problem: `update ${message.from}→${message.version} of table ${message.table}: ${next.problem}`,
      };
    }
    message.frame = next.frame;
    this.base = next.frame;
    this.version = message.version;
    this.full = { ...next.frame, view: { ...next.frame.view, cards: cards.value } } as GameFrame;
    this.gap = false;
    return { kind: 'applied' };
  }
}
