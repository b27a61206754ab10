/** The routes of guest players, tables and the host's chat moderation. */
import { cardSetSchema } from '@gangsta/engine';
import { z } from 'zod';
import { meAnswerSchema } from '../accounts.ts';
import {
  createPlayerSchema,
  createTableSchema,
  joinTableSchema,
  kickSchema,
  lobbyQuerySchema,
  lobbySchema,
  playerCreatedSchema,
  playerSchema,
  tableAnswerSchema,
  tableDeletedSchema,
} from '../http.ts';
import { chatLineRemovedSchema, chatReportedSchema } from '../moderation.ts';
import { moveSchema } from '../socket.ts';
import { hostTableInfoSchema } from '../tables.ts';
import { defineRoutes } from './route.ts';

const opaqueObject = (title: string, description: string) =>
  z
    .custom<object>((value) => typeof value === 'object' && value !== null)
    .register(z.globalRegistry, { title, description });

/** `PATCH /api/v1/me`: the renamed player. */
export const playerAnswerSchema = z.object({ player: playerSchema });
export type PlayerAnswer = z.infer<typeof playerAnswerSchema>;

/** `POST /api/v1/tables`: the new table as its host sees it (with the invitation codes). */
export const createdTableSchema = z.object({ table: hostTableInfoSchema });
export type CreatedTable = z.infer<typeof createdTableSchema>;

/** `GET /api/v1/tables/:id/record`: the engine's `GameRecord` (packages/engine/src/replay.ts). */
export const gameRecordSchema = z.object({
  format: z.literal('gangsta-game'),
  version: z.literal(1),
  options: opaqueObject(
    'GameOptions',
    "The engine's `GameOptions` (players, the seed, the variants); not described by this schema.",
  ),
  /** Present only for a set that is not the classic one. */
  cardSet: cardSetSchema.optional(),
  moves: z.array(moveSchema),
});

const TABLE = ['UNKNOWN_TABLE'] as const;

export const TABLE_ROUTES = defineRoutes({
  createPlayer: {
    method: 'POST',
    path: '/api/v1/players',
    tag: 'players',
    summary: 'Create a guest player',
    description:
      'The token (256 random bits) is shown once; the server keeps only its hash. Send it as `Authorization: Bearer <token>` from then on. Limited per address (`RATE_LIMIT_PLAYERS`).',
    auth: 'none',
    body: createPlayerSchema,
    kind: 'json',
    answer: playerCreatedSchema,
    status: 201,
    answerDescription: 'The new player and its token',
    errors: ['BAD_NAME'],
  },
  getMe: {
    method: 'GET',
    path: '/api/v1/me',
    tag: 'players',
    summary: 'Who am I',
    auth: 'required',
    kind: 'json',
    answer: meAnswerSchema,
    status: 200,
    answerDescription: 'The player, account and webhook',
    errors: [],
  },
  renameMe: {
    method: 'PATCH',
    path: '/api/v1/me',
    tag: 'players',
    summary: 'Change the display name',
    auth: 'required',
    body: createPlayerSchema,
    kind: 'json',
    answer: playerAnswerSchema,
    status: 200,
    answerDescription: 'The renamed player',
    errors: ['BAD_NAME'],
  },
  lobby: {
    method: 'GET',
    path: '/api/v1/tables',
    tag: 'tables',
    summary: 'The lobby',
    description:
      'Public tables waiting and playing (newest first, one page of each list with `next` offsets) and the most recent finished ones; `?list=…&offset=…` gives one page of one list.',
    auth: 'none',
    query: lobbyQuerySchema,
    kind: 'json',
    answer: lobbySchema,
    status: 200,
    answerDescription: 'One page of the lobby',
    errors: [],
  },
  createTable: {
    method: 'POST',
    path: '/api/v1/tables',
    tag: 'tables',
    summary: 'Create a table',
    description: 'The caller is the host. A custom card set is refused (BAD_CARD_SET).',
    auth: 'required',
    body: createTableSchema,
    kind: 'json',
    answer: createdTableSchema,
    status: 201,
    answerDescription: 'The table as its host sees it',
    errors: ['BAD_NAME', 'BAD_OPTIONS', 'BAD_CARD_SET', 'TOO_MANY_TABLES'],
  },
  getTable: {
    method: 'GET',
    path: '/api/v1/tables/:id',
    tag: 'tables',
    summary: 'One table',
    description:
      'With a token or session, `seat` is the caller’s seat and the host sees `invites`.',
    auth: 'optional',
    kind: 'json',
    answer: tableAnswerSchema,
    status: 200,
    answerDescription: 'The table and the caller’s seat',
    errors: TABLE,
  },
  deleteTable: {
    method: 'DELETE',
    path: '/api/v1/tables/:id',
    tag: 'tables',
    summary: 'Delete a table (the host, before the start)',
    auth: 'required',
    kind: 'json',
    answer: tableDeletedSchema,
    status: 200,
    answerDescription: 'The deleted table’s id',
    errors: [...TABLE, 'NOT_HOST', 'WRONG_STATUS'],
  },
  joinTable: {
    method: 'POST',
    path: '/api/v1/tables/:id/join',
    tag: 'tables',
    summary: 'Take a seat',
    description: 'An open seat by the link, a reserved one with its invitation code.',
    auth: 'required',
    body: joinTableSchema,
    bodyRequired: false,
    kind: 'json',
    answer: tableAnswerSchema,
    status: 200,
    answerDescription: 'The table and the seat taken',
    errors: [
      ...TABLE,
      'WRONG_STATUS',
      'SEAT_TAKEN',
      'SEAT_RESERVED',
      'BAD_INVITE',
      'ALREADY_SEATED',
      'BOTS_NOT_ALLOWED',
      'BLOCKED',
    ],
  },
  leaveTable: {
    method: 'POST',
    path: '/api/v1/tables/:id/leave',
    tag: 'tables',
    summary: 'Leave a table',
    description:
      'Before the start the seat is free again; during a game the takeover bot plays it until its player sends `resume` on the WebSocket.',
    auth: 'required',
    kind: 'json',
    answer: tableAnswerSchema,
    status: 200,
    answerDescription: 'The table and the caller’s seat',
    errors: [...TABLE, 'NOT_SEATED', 'WRONG_STATUS'],
  },
  kickPlayer: {
    method: 'POST',
    path: '/api/v1/tables/:id/kick',
    tag: 'tables',
    summary: 'Free a seat (the host, before the start)',
    auth: 'required',
    body: kickSchema,
    kind: 'json',
    answer: tableAnswerSchema,
    status: 200,
    answerDescription: 'The table',
    errors: [...TABLE, 'NOT_HOST', 'WRONG_STATUS', 'NOT_SEATED'],
  },
  startTable: {
    method: 'POST',
    path: '/api/v1/tables/:id/start',
    tag: 'tables',
    summary: 'Start the game (the host, every seat filled)',
    auth: 'required',
    kind: 'json',
    answer: tableAnswerSchema,
    status: 200,
    answerDescription: 'The table, now playing',
    errors: [...TABLE, 'NOT_HOST', 'WRONG_STATUS', 'SEATS_NOT_FILLED'],
  },
  gameRecord: {
    method: 'GET',
    path: '/api/v1/tables/:id/record',
    tag: 'tables',
    summary: 'The record of a finished game (its seated players)',
    auth: 'required',
    kind: 'json',
    answer: gameRecordSchema,
    status: 200,
    answerDescription: 'The game, replayable',
    errors: [...TABLE, 'NOT_SEATED', 'WRONG_STATUS'],
  },
  reportChatLine: {
    method: 'POST',
    path: '/api/v1/tables/:id/chat/:seq/report',
    tag: 'tables',
    summary: 'Report a chat line to the operators',
    description:
      'Stored with the 10 lines before it, the table, you and the time; once per line and reporter; 5 at once, then one a minute (RATE_LIMITED).',
    auth: 'required',
    kind: 'json',
    answer: chatReportedSchema,
    status: 200,
    answerDescription: 'The report is stored',
    errors: [...TABLE, 'NOT_FOUND'],
  },
  removeChatLine: {
    method: 'DELETE',
    path: '/api/v1/tables/:id/chat/:seq',
    tag: 'tables',
    summary: 'Remove a spectator’s chat line (the host)',
    description:
      'Gone for every watcher at once (`chatRemoved`) and after a reload. Only the host (NOT_HOST), only a spectator’s line.',
    auth: 'required',
    kind: 'json',
    answer: chatLineRemovedSchema,
    status: 200,
    answerDescription: 'The line removed',
    errors: [...TABLE, 'NOT_HOST', 'NOT_FOUND'],
  },
});
