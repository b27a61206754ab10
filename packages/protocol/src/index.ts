/**
 * @gangsta/protocol — what the Gangsta! server and its clients say to each other, version 2.
 *
 * Two channels, one set of schemas:
 * - HTTP JSON under `/api/v1/…` for things that are asked once (a player's identity, creating
 *   and joining tables, the lobby, the finished game's record);
 * - one WebSocket at `/api/v1/ws` for everything live (a table's seats, the game as the
 *   recipient may see it, moves with acknowledgements, undo, chat).
 *
 * Every message a peer receives is parsed with these zod schemas before it is trusted. The
 * game's own data (views, moves, events) are the engine's types; the protocol checks their
 * outer shape and leaves the rules to the engine (the server replays every move through
 * `applyMove`).
 */
export * from './accounts.ts';
export * from './clock.ts';
export * from './errors.ts';
export * from './frameDelta.ts';
export * from './friends.ts';
export * from './http.ts';
export * from './limits.ts';
export * from './moderation.ts';
export * from './names.ts';
export * from './operations.ts';
export * from './profiles.ts';
export * from './ratings.ts';
export * from './routes/index.ts';
export * from './socket.ts';
export * from './tables.ts';
