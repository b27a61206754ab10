/**
 * What the viewer did about other players at the chat: the players they muted (their lines
 * hidden here) and blocked (the server no longer sends their lines, and keeps them from the
 * viewer's tables). A viewer with an identity keeps both lists on the server, so an account
 * has them on every device; a spectator without one can only mute, kept in this browser's
 * localStorage (`gangsta.online.muted`).
 */
import type { ModerationLists } from '@gangsta/protocol';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { OnlineClient } from './client.ts';

const LOCAL_KEY = 'gangsta.online.muted';

function localMuted(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(LOCAL_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function saveLocalMuted(ids: readonly string[]): void {
  try {
    localStorage.setItem(LOCAL_KEY, JSON.stringify(ids));
  } catch {
    // Storage disabled: the mute lasts as long as the page.
  }
}

export interface Moderation {
  muted: ReadonlySet<string>;
  blocked: ReadonlySet<string>;
  /** Whether the viewer has an identity (blocking and reporting need one). */
  signedIn: boolean;
  setMuted(playerId: string, on: boolean): Promise<void>;
  setBlocked(playerId: string, on: boolean): Promise<void>;
}

const ids = (list: ModerationLists['muted']) => new Set(list.map((player) => player.id));

export function useModeration(client: OnlineClient): Moderation {
  const identity = useSyncExternalStore(client.identity.subscribe, client.identity.get);
  const signedIn = identity !== null;
  const [muted, setMutedIds] = useState<ReadonlySet<string>>(() => new Set(localMuted()));
  const [blocked, setBlockedIds] = useState<ReadonlySet<string>>(new Set());
  const take = useCallback((lists: ModerationLists) => {
    setMutedIds(ids(lists.muted));
    setBlockedIds(ids(lists.blocked));
  }, []);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    client.api.moderation().then(
      (lists) => {
        if (live) take(lists);
      },
      () => {
        // Not reachable now: the lines show as the server sends them; muting still works.
      },
    );
    return () => {
      live = false;
    };
  }, [client, signedIn, take]);
  const setMuted = useCallback(
    async (playerId: string, on: boolean) => {
      if (!signedIn) {
        const next = new Set(localMuted());
        if (on) next.add(playerId);
        else next.delete(playerId);
        saveLocalMuted([...next]);
        setMutedIds(next);
        return;
      }
      take(await client.api.setListed('muted', playerId, on));
    },
    [client, signedIn, take],
  );
  const setBlocked = useCallback(
    async (playerId: string, on: boolean) => {
      take(await client.api.setListed('blocked', playerId, on));
    },
    [client, take],
  );
  return { muted, blocked, signedIn, setMuted, setBlocked };
}
