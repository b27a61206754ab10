/** Mute, block, report and remove chat lines over HTTP (`packages/protocol/src/moderation.ts`). */
import type { ChatLineRemoved, ChatReported, ModerationLists } from '@gangsta/protocol';
import type { FastifyInstance } from 'fastify';
import { refuse } from '../refusal.ts';
import type { ModerationList } from '../store/moderation.ts';
import type { PlayerRow } from '../store/types.ts';
import type { TableContext } from '../tables/context.ts';
import { removeChatLine, reportChatLine, setListed } from '../tables/moderation.ts';
import { requirePlayer } from './auth.ts';

type ListParams = { Params: { playerId: string } };
type LineParams = { Params: { id: string; seq: string } };

const LISTS: Record<string, ModerationList> = { muted: 'mutes', blocked: 'blocks' };

async function listsOf(ctx: TableContext, player: PlayerRow): Promise<ModerationLists> {
  const [muted, blocked] = await Promise.all([
    ctx.store.listOf('mutes', player.id),
    ctx.store.listOf('blocks', player.id),
  ]);
  return { muted, blocked };
}

function lineNumber(text: string): number {
  const seq = Number(text);
  if (!Number.isSafeInteger(seq) || seq < 1) refuse('NOT_FOUND', 'there is no such chat line');
  return seq;
}

export function moderationRoutes(app: FastifyInstance, ctx: TableContext): void {
  const { store } = ctx;
  app.get('/api/v1/me/moderation', async (request) =>
    listsOf(ctx, await requirePlayer(store, request)),
  );
  for (const [path, list] of Object.entries(LISTS)) {
    for (const on of [true, false]) {
      const method = on ? app.put.bind(app) : app.delete.bind(app);
      method<ListParams>(`/api/v1/me/${path}/:playerId`, async (request) => {
        const player = await requirePlayer(store, request);
        await setListed(ctx, player, list, request.params.playerId.slice(0, 64), on);
        return listsOf(ctx, player);
      });
    }
  }
  app.post<LineParams>(
    '/api/v1/tables/:id/chat/:seq/report',
    async (request): Promise<ChatReported> => {
      const player = await requirePlayer(store, request);
      await reportChatLine(ctx, player, request.params.id, lineNumber(request.params.seq));
      return { reported: true };
    },
  );
  app.delete<LineParams>(
    '/api/v1/tables/:id/chat/:seq',
    async (request): Promise<ChatLineRemoved> => {
      const host = await requirePlayer(store, request);
      const seq = lineNumber(request.params.seq);
      await removeChatLine(ctx, host, request.params.id, seq);
      return { removed: seq };
    },
  );
}
