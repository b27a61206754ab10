/**
 * The documents in `docs/api/` are what the schemas generate now (a change to a schema or a
 * route without `npm run docs:api` fails here), and they hold together: every `$ref` resolves,
 * every message and route is there. (In `test/node/`: it reads files, which the browser-safe
 * package's own tests may not.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  apiDocumentFiles,
  buildApiDocuments,
  type JsonObject,
  openApiPath,
} from '../../src/documents.ts';
import { clientMessageSchema, ROUTE_LIST, serverMessageSchema } from '../../src/index.ts';

const DOCS = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  '..',
  'docs',
  'api',
);
const HINT =
  'docs/api/ is not what the schemas generate: run `npm run docs:api` and commit docs/api';

const documents = buildApiDocuments();
const files = apiDocumentFiles(documents);

/** Every file of docs/api, by path relative to it. */
function committedFiles(): string[] {
  if (!existsSync(DOCS)) return [];
  const top = readdirSync(DOCS).filter((name) => name.endsWith('.json'));
  const schemas = existsSync(join(DOCS, 'schemas'))
    ? readdirSync(join(DOCS, 'schemas')).map((name) => `schemas/${name}`)
    : [];
  return [...top, ...schemas].sort();
}

/** Every `$ref` in a document, with where it is. */
function refsOf(value: unknown, at = ''): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => refsOf(item, `${at}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string'
      ? [{ ref: item, at }]
      : refsOf(item, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  );
}

/** The value a JSON Pointer (`/components/schemas/Move`) names, or undefined. */
function resolvePointer(document: unknown, pointer: string): unknown {
  let value = document;
  for (const raw of pointer.split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof value !== 'object' || value === null || !(key in value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function dangling(document: unknown, external = (_file: string) => undefined as unknown) {
  return refsOf(document)
    .filter(({ ref }) => {
      const [file, pointer = ''] = ref.split('#');
      const target = file ? external(file) : document;
      return target === undefined || resolvePointer(target, pointer) === undefined;
    })
    .map(({ ref, at }) => `${ref} at ${at}`);
}

const types = (union: { options: readonly unknown[] }) =>
  union.options.map(
    (option) => (option as { shape: { type: { value: string } } }).shape.type.value,
  );

describe('docs/api', () => {
  it('holds exactly the files the schemas generate now', () => {
    expect(committedFiles(), HINT).toEqual(Object.keys(files).sort());
    const stale = Object.entries(files)
      .filter(([path, text]) => readFileSync(join(DOCS, path), 'utf8') !== text)
      .map(([path]) => path);
    expect(stale, HINT).toEqual([]);
  });
});

describe('the documents', () => {
  it('resolve every $ref (OpenAPI, AsyncAPI, and between the schema files)', () => {
    expect(dangling(documents.openapi)).toEqual([]);
    expect(dangling(documents.asyncapi)).toEqual([]);
    for (const [name, schema] of Object.entries(documents.schemas)) {
      expect(
        dangling(schema, (file) => documents.schemas[file]),
        name,
      ).toEqual([]);
    }
  });

  it('describe every client and server message in the AsyncAPI document', () => {
    const asyncapi = documents.asyncapi as JsonObject & {
      components: { messages: Record<string, { name: string; payload: unknown }> };
      operations: Record<string, { action: string; messages: unknown[] }>;
    };
    const messages = Object.values(asyncapi.components.messages);
    const sent = (prefix: string) =>
      Object.entries(asyncapi.components.messages)
        .filter(([id]) => id.startsWith(prefix))
        .map(([, message]) => message.name)
        .sort();
    expect(sent('Client')).toEqual(types(clientMessageSchema).sort());
    expect(sent('Server')).toEqual(types(serverMessageSchema).sort());
    expect(messages.every((message) => message.payload !== undefined)).toBe(true);
    expect(Object.keys(asyncapi.operations)).toHaveLength(messages.length);
    expect(asyncapi.asyncapi).toBe('3.0.0');
  });

  it('list every HTTP operation once, with its path parameters, in the OpenAPI document', () => {
    const openapi = documents.openapi as JsonObject & {
      paths: Record<string, Record<string, { operationId: string; parameters?: JsonObject[] }>>;
    };
    expect(openapi.openapi).toBe('3.1.0');
    const listed = Object.entries(openapi.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual(
      ROUTE_LIST.map((route) => `${route.method} ${openApiPath(route.path)}`).sort(),
    );
    const ids = ROUTE_LIST.map((route) => route.name);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [path, methods] of Object.entries(openapi.paths)) {
      const wanted = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      for (const operation of Object.values(methods)) {
        const given = (operation.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name);
        expect(given, `${path} ${operation.operationId}`).toEqual(wanted);
      }
    }
  });

  it('describe the engine’s data field by field: the frame, view, events and card set', () => {
    const sync = documents.schemas['ServerSync.json'] as {
      properties: { frame: { anyOf: { $ref?: string }[] } };
    };
    expect(sync.properties.frame.anyOf[0]?.$ref).toBe('GameFrame.json');
    const frame = documents.schemas['GameFrame.json'] as {
      properties: Record<string, { $ref?: string }>;
      required: string[];
    };
    expect(frame.properties.view?.$ref).toBe('GameView.json');
    expect(frame.required).toEqual(
      expect.arrayContaining(['seat', 'moveCount', 'view', 'legal', 'canUndo', 'deciding', 'over']),
    );
    const view = documents.schemas['GameView.json'] as {
      properties: Record<string, unknown>;
      additionalProperties: boolean;
    };
    expect(Object.keys(view.properties)).toEqual(
      expect.arrayContaining(['viewer', 'players', 'phase', 'decision', 'heistRow', 'cards']),
    );
    expect(view.properties.cards).toEqual({ $ref: 'CardSet.json' });
    const events = documents.schemas['GameEvent.json'] as { oneOf: unknown[] };
    expect(events.oneOf.length).toBeGreaterThan(30);
    // Nothing of the engine's data is a bare object any more.
    const update = JSON.stringify(documents.schemas['ServerUpdate.json']);
    expect(update).toContain('UpdateFrame.json');
    expect(update).toContain('MoveNews.json');
  });

  it('refuse unknown keys where the server does, and allow new ones where peers ignore them', () => {
    const hello = documents.schemas['ClientHello.json'] as JsonObject;
    const table = documents.schemas['TableInfo.json'] as JsonObject;
    expect(hello.additionalProperties).toBe(false);
    expect(table.additionalProperties).toBeUndefined();
  });
});
