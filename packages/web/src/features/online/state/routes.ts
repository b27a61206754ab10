/**
 * The online screens' addresses, in the URL's hash so that links work on any static host and
 * a reload stays on the same screen:
 *   #/online                    home: name, lobby, create, join by link
 *   #/online?email=<outcome>    home, after a mail's verification or unsubscribe link
 *   #/online/new                create a table
 *   #/online/games              My games: the player's tables, theirs to play first
 *   #/online/ratings            leaderboards (2, 3, 4 players) and the player's ratings
 *   #/online/t/<id>?invite=<c>  a table: waiting room, then the game (invite: a reserved seat)
 *   #/online/players/<username> a player's profile (statistics, rating history)
 */
export type OnlineRoute =
  | { page: 'home' }
  | { page: 'new' }
  | { page: 'games' }
  | { page: 'ratings' }
  | { page: 'table'; table: string; invite: string | null }
  | { page: 'player'; username: string };

const TABLE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A username's characters (`usernameSchema`), or a server bot's id. */
const USERNAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** The route of a hash (`#/online/...`), or null when the hash is not an online address. */
export function parseOnlineHash(hash: string): OnlineRoute | null {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  const [path = '', query = ''] = text.split('?', 2);
  const [root, section, id, ...more] = path.split('/').filter((part) => part !== '');
  if (root !== 'online') return null;
  if (section === undefined || more.length > 0) return { page: 'home' };
  if (id === undefined) {
    if (section === 'new') return { page: 'new' };
    if (section === 'games') return { page: 'games' };
    if (section === 'ratings') return { page: 'ratings' };
    return { page: 'home' };
  }
  if (section === 'players') {
    const username = decodeURIComponent(id);
    return USERNAME.test(username) ? { page: 'player', username } : { page: 'ratings' };
  }
  if (section === 't') {
    const table = decodeURIComponent(id);
    if (!TABLE_ID.test(table)) return { page: 'home' };
    const invite = new URLSearchParams(query).get('invite');
    return { page: 'table', table, invite: invite || null };
  }
  return { page: 'home' };
}

/** What a mail's link did, as the server's landing address says it (`email/routes.ts`). */
export type EmailLanding = 'verified' | 'unsubscribed' | 'invalid';

/** The outcome a mail's link landed with (`#/online?email=verified`), or null. */
export function emailLandingOf(hash: string): EmailLanding | null {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  const [path = '', query = ''] = text.split('?', 2);
  if (path.replace(/\/+$/, '') !== '/online') return null;
  const outcome = new URLSearchParams(query).get('email');
  return outcome === 'verified' || outcome === 'unsubscribed' || outcome === 'invalid'
    ? outcome
    : null;
}

export function onlineHash(route: OnlineRoute): string {
  if (route.page === 'home') return '#/online';
  if (route.page === 'new') return '#/online/new';
  if (route.page === 'games') return '#/online/games';
  if (route.page === 'ratings') return '#/online/ratings';
  if (route.page === 'player') return `#/online/players/${encodeURIComponent(route.username)}`;
  const invite = route.invite ? `?invite=${encodeURIComponent(route.invite)}` : '';
  return `#/online/t/${encodeURIComponent(route.table)}${invite}`;
}

/** A full link to a table (for copying), on this page's address. */
export function tableLink(table: string, invite: string | null, base: string): string {
  const url = new URL(base);
  url.hash = onlineHash({ page: 'table', table, invite });
  return url.toString();
}

/** What a player pasted: a full link, a hash, or a bare table id. */
export function routeFromPasted(text: string): OnlineRoute | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const hashAt = trimmed.indexOf('#');
  if (hashAt >= 0) {
    const route = parseOnlineHash(trimmed.slice(hashAt));
    return route?.page === 'table' ? route : null;
  }
  return TABLE_ID.test(trimmed) ? { page: 'table', table: trimmed, invite: null } : null;
}
