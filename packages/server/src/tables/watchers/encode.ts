/**
 * Frames as JSON text. A game view carries the game's whole card set (about 20 KB, the same
 * object for the whole game), and every watcher gets a view after every move: the card set's
 * JSON is made once per card set and spliced in, instead of being serialised again for every
 * frame. The text is exactly what `JSON.stringify` would give, up to the order of keys.
 */
import type { CardSet } from '@gangsta/engine';
import type { GameFrame, ServerMessage, ServerMessageOf } from '@gangsta/protocol';
import { withoutCards } from '@gangsta/protocol';

const cardsJson = new WeakMap<CardSet, string>();

function cardSetJson(cards: CardSet): string {
  let json = cardsJson.get(cards);
  if (json === undefined) {
    json = JSON.stringify(cards);
    cardsJson.set(cards, json);
  }
  return json;
}

/** `{"a":1}` plus `"key":value` → `{"key":value,"a":1}` (or `{"key":value}` for `{}`). */
function withKey(objectJson: string, key: string, valueJson: string): string {
  const member = `${JSON.stringify(key)}:${valueJson}`;
  return objectJson === '{}' ? `{${member}}` : `{${member},${objectJson.slice(1)}`;
}

function frameJson(frame: GameFrame): string {
  const { view, ...rest } = frame;
  const { cards, ...viewRest } = view;
  const viewText = withKey(JSON.stringify(viewRest), 'cards', cardSetJson(cards));
  return withKey(JSON.stringify(rest), 'view', viewText);
}

export function encodeMessage(message: ServerMessage): string {
  if (message.type === 'sync' && message.frame) {
    const { frame, ...rest } = message;
    return withKey(JSON.stringify(rest), 'frame', frameJson(frame));
  }
  if (message.type === 'update' && message.frame) {
    // The card set came with the sync; an update leaves it out (see UpdateFrame).
    return JSON.stringify({ ...message, frame: withoutCards(message.frame) });
  }
  return JSON.stringify(message);
}

/**
 * A live update with its patch given as JSON text (`UpdatePatches`, whose parts are encoded
 * once for every seat that shares them) and, every so many versions, the frame's digest.
 */
export function updateText(
  update: Omit<ServerMessageOf<'update'>, 'patch' | 'frame' | 'digest'>,
  patchText: string,
  digest: string | undefined,
): string {
  const head = JSON.stringify(update).slice(0, -1);
  const tail = digest === undefined ? '' : `,"digest":${JSON.stringify(digest)}`;
  return `${head},"patch":${patchText}${tail}}`;
}
