/**
 * The tables' one entry point for what a connection asks of a table (watch, unwatch, move,
 * undo, chat, resume). The socket (`ws/connection.ts`) only parses and authenticates; in a
 * cluster, a message for a table another process owns is handled there, through the same
 * function, by a `RemotePeer` (`cluster/relay.ts`).
 */
import type { ClientMessage } from '@gangsta/protocol';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Peer } from '../peer.ts';
import { asProtocolError, Refusal } from '../refusal.ts';
import type { TableContext, TableMessage } from './context.ts';
import { tableOf } from './memory/registry.ts';
import { receiveMove, receiveUndo } from './moves/play.ts';

export type { TableMessage };

export function isTableMessage(message: ClientMessage): message is TableMessage {
  return message.type !== 'hello';
}

/**
 * What the messages reach: the tables (`rooms`) and the parts that handle them, each of
 * which holds what it needs itself.
 */
export type Entry = Pick<
  TableContext,
  'rooms' | 'moves' | 'catchUp' | 'takeover' | 'chat' | 'watching'
>;

async function dispatch(ctx: Entry, peer: Peer, message: TableMessage): Promise<void> {
  switch (message.type) {
    case 'watch':
      return ctx.watching.watch(peer, message.table, message.seen, message.patches !== false);
    case 'unwatch':
      return ctx.watching.unwatch(peer, message.table);
    case 'move':
      return receiveMove(ctx, peer, message);
    case 'undo':
      return receiveUndo(ctx, peer, message);
    case 'chat':
      return ctx.chat.say(peer, message.table, message.text);
    case 'resume':
      return ctx.takeover.resume(await tableOf(ctx, message.table), peer.player);
  }
}

/** Handles the message; a refusal is answered (`answerRefusal`). */
export async function handleTableMessage(
  ctx: Entry,
  peer: Peer,
  message: TableMessage,
  log: Logger,
): Promise<void> {
  try {
    await dispatch(ctx, peer, message);
  } catch (error) {
    answerRefusal(peer, message, error, log);
  }
}

/**
 * A move or undo is refused with `rejected` for its id (so that the sender stops resending
 * it), anything else with an `error` frame. Only a failure of our own is logged as an error;
 * what a client gets wrong is not.
 */
export function answerRefusal(
  peer: Peer,
  message: TableMessage,
  error: unknown,
  log: Logger,
): void {
  if (!(error instanceof Refusal))
    log.error({ err: error, type: message.type }, 'a message failed');
  const answer = asProtocolError(error);
  if (message.type === 'move' || message.type === 'undo') {
    peer.send({ type: 'rejected', table: message.table, id: message.id, error: answer });
  } else {
    peer.send({ type: 'error', table: message.table, error: answer });
  }
}
