/**
 * Account actions of the tab's client: turn the guest identity into an account, log in, log
 * out. Each changes who the WebSocket speaks for, so the connection says hello again (without
 * a token after signing in: the session cookie of its upgrade request identifies the player).
 */
import type { CreateAccount, Login, MeAnswer } from '@gangsta/protocol';
import type { OnlineClient } from './client.ts';

export async function createAccount(client: OnlineClient, body: CreateAccount): Promise<MeAnswer> {
  const answer = await client.api.createAccount(body);
  client.identity.signedIn(answer);
  client.connection.restart();
  return answer;
}

/** Logging in replaces whatever guest identity this browser had by the account's player. */
export async function logIn(client: OnlineClient, body: Login): Promise<MeAnswer> {
  const answer = await client.api.login(body);
  client.identity.signedIn(answer);
  client.connection.restart();
  return answer;
}

export async function logOut(client: OnlineClient): Promise<void> {
  await client.api.logout();
  client.identity.forget();
  client.connection.restart();
}
