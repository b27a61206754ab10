/**
 * The route table holds together: one route per method and path, one name each, a schema for
 * every answer a client parses, and the helpers every side uses (the path with its parameters,
 * the refusals a route may answer).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  errorsOf,
  type PathParams,
  ROUTE_LIST,
  ROUTES,
  type RouteInput,
  routePath,
} from '../src/index.ts';

describe('the route table', () => {
  it('has one route per method and path, named by its key', () => {
    const keys = ROUTE_LIST.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, route] of Object.entries(ROUTES)) expect(route.name).toBe(name);
  });

  it('gives every JSON and NDJSON route an answer schema, and no other route one', () => {
    for (const route of ROUTE_LIST) {
      const parsed = route.kind === 'json' || route.kind === 'ndjson';
      expect(route.answer !== undefined, route.name).toBe(parsed);
    }
  });

  it('puts the parameters in the path, encoded, and refuses a missing one', () => {
    expect(routePath(ROUTES.removeChatLine.path, { id: 'T/1', seq: '7' })).toBe(
      '/api/v1/tables/T%2F1/chat/7',
    );
    expect(() => routePath(ROUTES.getTable.path)).toThrow(/no value for the parameter id/);
  });

  it('adds the refusals of a route’s kind to its own', () => {
    const join = errorsOf(ROUTES.joinTable);
    expect(join).toEqual(
      expect.arrayContaining(['UNAUTHENTICATED', 'BAD_ORIGIN', 'BAD_MESSAGE', 'SEAT_TAKEN']),
    );
    const lobby = errorsOf(ROUTES.lobby);
    expect(lobby).not.toContain('UNAUTHENTICATED');
    expect(lobby).toContain('RATE_LIMITED');
  });

  it('types a call by its route', () => {
    expectTypeOf<PathParams<'/api/v1/tables/:id/chat/:seq'>>().toEqualTypeOf<{
      id: string;
      seq: string;
    }>();
    type Kick = { params: { id: string }; body: { seat: number } };
    expectTypeOf<RouteInput<typeof ROUTES.kickPlayer>>().toExtend<Kick>();
    expectTypeOf<Kick>().toExtend<RouteInput<typeof ROUTES.kickPlayer>>();
    expectTypeOf<{ params: { id: string } }>().not.toExtend<RouteInput<typeof ROUTES.kickPlayer>>();
  });
});
