/**
 * Test support for the server: start it as a child process (`spawnServer`), talk to it as
 * players and spectators (`TestClient`, `ApiClient`), set up tables (`setUpTable`) and play
 * whole games with seeded random clients (`playRandomGame`). See each file's header.
 */
export * from './http.ts';
export * from './lists.ts';
export * from './random.ts';
export * from './randomGame.ts';
export * from './records.ts';
export * from './secrets.ts';
export * from './spawnServer.ts';
export * from './tables.ts';
export * from './testClient.ts';
export * from './variants.ts';
