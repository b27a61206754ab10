/** The routes of accounts and sessions, My games, webhooks, and the mute and block lists. */
import { z } from 'zod';
import {
  botAccountAnswerSchema,
  createAccountSchema,
  loginSchema,
  meAnswerSchema,
  myGamesSchema,
  setWebhookSchema,
  webhookAnswerSchema,
  webhookTestAnswerSchema,
} from '../accounts.ts';
import { moderationListsSchema } from '../moderation.ts';
import { defineRoutes, type RouteSpec } from './route.ts';

/** `POST /api/v1/logout` (and the one-click unsubscribe). */
export const okAnswerSchema = z.object({ ok: z.literal(true) });

/** Put a player on a list, or take them off it: four routes of one shape. */
function listRoute(method: 'PUT' | 'DELETE', list: 'muted' | 'blocked') {
  return {
    method,
    path: `/api/v1/me/${list}/:playerId`,
    tag: 'accounts',
    summary: `${method === 'PUT' ? 'Add a player to' : 'Remove a player from'} your ${list} players`,
    description:
      list === 'muted'
        ? 'A muted player’s chat lines are hidden by your clients (the list follows your account).'
        : 'A blocked player’s chat is not sent to you, and they cannot take a seat at a waiting table where you sit (BLOCKED). See docs/protocol.md, "Moderation".',
    auth: 'required',
    kind: 'json',
    answer: moderationListsSchema,
    status: 200,
    answerDescription: 'Both lists now',
    errors: method === 'PUT' ? ['NOT_FOUND', 'TOO_MANY_LISTED'] : ['NOT_FOUND'],
  } as const satisfies RouteSpec;
}

export const ACCOUNT_ROUTES = defineRoutes({
  createAccount: {
    method: 'POST',
    path: '/api/v1/account',
    tag: 'accounts',
    summary: 'Turn the authenticated guest into an account',
    auth: 'required',
    body: createAccountSchema,
    kind: 'json',
    answer: meAnswerSchema,
    status: 201,
    answerDescription: 'The account, with a session cookie',
    setsCookie: true,
    errors: ['BAD_USERNAME', 'BAD_PASSWORD', 'ALREADY_ACCOUNT', 'USERNAME_TAKEN'],
  },
  becomeBotAccount: {
    method: 'POST',
    path: '/api/v1/account/bot',
    tag: 'accounts',
    summary: 'Turn the account into a bot account, for good',
    description:
      'Only an account that has never taken a seat may (NOT_BOT_ELIGIBLE). The answer carries a new token, shown once; the former token stops working. A bot account is marked in the lobby, on the table and on the ladder, is rated like anyone, and sits only at tables that allow bot accounts (BOTS_NOT_ALLOWED).',
    auth: 'required',
    kind: 'json',
    answer: botAccountAnswerSchema,
    status: 200,
    answerDescription: 'The bot account and the token its program says hello with',
    errors: ['NOT_BOT_ELIGIBLE'],
  },
  login: {
    method: 'POST',
    path: '/api/v1/login',
    tag: 'accounts',
    summary: 'Log in',
    description:
      'A wrong username or password is BAD_CREDENTIALS either way; attempts are limited per address and per username (RATE_LIMITED with `retryMs`).',
    auth: 'none',
    body: loginSchema,
    kind: 'json',
    answer: meAnswerSchema,
    status: 200,
    answerDescription: 'The account’s player, with a session cookie',
    setsCookie: true,
    errors: ['BAD_CREDENTIALS'],
  },
  logout: {
    method: 'POST',
    path: '/api/v1/logout',
    tag: 'accounts',
    summary: 'End the session',
    auth: 'session',
    kind: 'json',
    answer: okAnswerSchema,
    status: 200,
    answerDescription: 'The session is revoked',
    errors: [],
  },
  myGames: {
    method: 'GET',
    path: '/api/v1/me/games',
    tag: 'accounts',
    summary: 'My games: waiting and playing tables, then the last 20 finished',
    auth: 'required',
    kind: 'json',
    answer: myGamesSchema,
    status: 200,
    answerDescription: 'The caller’s tables',
    errors: [],
  },
  setWebhook: {
    method: 'PUT',
    path: '/api/v1/me/webhook',
    tag: 'accounts',
    summary: 'Set or remove the "your turn" / "game over" webhook',
    description: 'http(s) only, never into a private network (BAD_WEBHOOK).',
    auth: 'required',
    body: setWebhookSchema,
    kind: 'json',
    answer: webhookAnswerSchema,
    status: 200,
    answerDescription: 'The webhook now set',
    errors: ['BAD_WEBHOOK'],
  },
  testWebhook: {
    method: 'POST',
    path: '/api/v1/me/webhook/test',
    tag: 'accounts',
    summary: 'One delivery attempt to the webhook',
    auth: 'required',
    kind: 'json',
    answer: webhookTestAnswerSchema,
    status: 200,
    answerDescription: 'How the attempt went',
    errors: ['BAD_WEBHOOK'],
  },
  moderationLists: {
    method: 'GET',
    path: '/api/v1/me/moderation',
    tag: 'accounts',
    summary: 'The players you muted and blocked',
    auth: 'required',
    kind: 'json',
    answer: moderationListsSchema,
    status: 200,
    answerDescription: 'Both lists, with names',
    errors: [],
  },
  addMuted: listRoute('PUT', 'muted'),
  removeMuted: listRoute('DELETE', 'muted'),
  addBlocked: listRoute('PUT', 'blocked'),
  removeBlocked: listRoute('DELETE', 'blocked'),
});
