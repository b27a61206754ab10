/**
 * The server serves the protocol's documents as the protocol builds them, and it has exactly
 * the routes of the protocol's route table under `/api/` and `/version` (read from Fastify's
 * `onRoute` hook on every instance the server creates, so a route added anywhere shows up).
 */

import { ROUTE_LIST } from '@gangsta/protocol';
import {
  API_DOCUMENT_PATHS,
  buildApiDocuments,
  documentText,
  type JsonObject,
  SESSION_COOKIE_NAME,
} from '@gangsta/protocol/documents';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../src/accounts/sessions.ts';
import { startTestServer, type TestServer } from './harness.ts';

const seen = vi.hoisted(() => ({ routes: [] as { method: string; url: string }[] }));

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const create = actual.default as unknown as (options?: unknown) => FastifyInstance;
  const fastify = (options?: unknown) => {
    const app = create(options);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) seen.routes.push({ method, url: route.url });
    });
    return app;
  };
  return { ...actual, default: fastify };
});

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.cleanup();
});

async function get(path: string): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(`${server.url}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

describe('the protocol documents', () => {
  const documents = buildApiDocuments();

  it.each([
    ['OpenAPI', API_DOCUMENT_PATHS.openapi, documents.openapi],
    ['AsyncAPI', API_DOCUMENT_PATHS.asyncapi, documents.asyncapi],
  ])('serves the %s document the protocol builds', async (_name, path, document) => {
    const answer = await get(path);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.text)).toEqual(document);
    expect(answer.text).toBe(documentText(document));
  });

  it('serves each JSON Schema by its file name, and NOT_FOUND for others', async () => {
    const answer = await get(`${API_DOCUMENT_PATHS.schemas}ServerUpdate.json`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual(documents.schemas['ServerUpdate.json']);
    const missing = await get(`${API_DOCUMENT_PATHS.schemas}Nothing.json`);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text).error.code).toBe('NOT_FOUND');
  });

  it('has every route of the route table under /api/ (and /version), and no other', () => {
    const served = seen.routes
      // `/version` is the one operations route of the table (health and metrics are not).
      .filter(
        (route) =>
          (route.url.startsWith('/api/') || route.url === '/version') && route.method !== 'HEAD',
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(served.length).toBeGreaterThan(20);
    const table = ROUTE_LIST.map((route) => `${route.method} ${route.path}`);
    expect([...new Set(served)].sort()).toEqual(table.sort());
    // The OpenAPI document lists the same routes (it is built from the table).
    const paths = (documents.openapi as JsonObject & { paths: Record<string, JsonObject> }).paths;
    const documented = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented).toHaveLength(table.length);
  });

  it('name the session cookie the server sets', () => {
    expect(SESSION_COOKIE_NAME).toBe(SESSION_COOKIE);
  });
});
