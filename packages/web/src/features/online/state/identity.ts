/**
 * Who this browser is online: the player's token and name, kept in localStorage
 * (`gangsta.online.v1`). The token is the player's only secret (the server keeps only its
 * hash), so it never leaves this storage except in the Authorization header and `hello`.
 * Once the player has an account, the browser keeps no token: the session cookie (HttpOnly,
 * out of the page's reach) identifies it, and the identity keeps only the name and username.
 */
import { accountSchema, type MeAnswer, type Player, playerSchema } from '@gangsta/protocol';
import { z } from 'zod';
import { Listeners } from '../../../store.ts';
import type { Api } from './api.ts';

export const IDENTITY_KEY = 'gangsta.online.v1';

const storedSchema = z.object({
  /** Null once the session cookie identifies the player (an account). */
  token: z.string().min(1).nullable(),
  player: playerSchema,
  account: accountSchema.nullable().default(null),
});
export type Identity = z.infer<typeof storedSchema>;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function browserStorage(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled: the player stays anonymous for this page
  }
}

/** The identity, with a subscription for screens that show the name. */
export class IdentityStore {
  private identity: Identity | null;
  private readonly listeners = new Listeners();

  constructor(private readonly storage: KeyValueStore | null = browserStorage()) {
    this.identity = this.load();
  }

  subscribe = this.listeners.subscribe;

  get = (): Identity | null => this.identity;

  token = (): string | null => this.identity?.token ?? null;

  /**
   * Makes sure the player exists with this name: created on the server the first time,
   * renamed when the name changed. Throws the server's refusal (BAD_NAME…) unchanged.
   */
  async ensure(api: Api, name: string): Promise<Identity> {
    const current = this.identity;
    if (!current) {
      const created = await api.createPlayer(name);
      return this.save({ token: created.token, player: created.player, account: null });
    }
    if (current.player.name === name.trim()) return current;
    const player = await api.rename(name);
    return this.save({ ...current, player });
  }

  /** Signed in to an account (created from this identity, or logged in): the cookie rules. */
  signedIn(answer: MeAnswer): Identity {
    return this.save({ token: null, player: answer.player, account: answer.account });
  }

  /** The server no longer knows the token (a reset database): start afresh. */
  forget(): void {
    this.identity = null;
    this.storage?.removeItem(IDENTITY_KEY);
    this.notify();
  }

  /** Keeps the stored name in step with what the server says. */
  update(player: Player): void {
    if (!this.identity || this.identity.player.id !== player.id) return;
    if (this.identity.player.name === player.name) return;
    this.save({ ...this.identity, player });
  }

  private save(identity: Identity): Identity {
    this.identity = identity;
    this.storage?.setItem(IDENTITY_KEY, JSON.stringify(identity));
    this.notify();
    return identity;
  }

  private load(): Identity | null {
    const text = this.storage?.getItem(IDENTITY_KEY);
    if (!text) return null;
    try {
      const parsed = storedSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  private notify(): void {
    this.listeners.emit();
  }
}
