/**
 * The protocol's documents, served as built from its zod schemas (`@gangsta/protocol`'s
 * `documents.ts`): the OpenAPI 3.1 document of the HTTP API, the AsyncAPI 3.0 document of the
 * WebSocket, and the JSON Schemas they are made of. Built once, when the first server of the
 * process registers its routes; the same text as `docs/api/`.
 */
import { ROUTES } from '@gangsta/protocol';
import { buildApiDocuments, documentText } from '@gangsta/protocol/documents';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { refuse } from '../refusal.ts';
import { rawRoute } from './route.ts';

let built: { openapi: string; asyncapi: string; schemas: Map<string, string> } | null = null;

function texts() {
  if (built) return built;
  const documents = buildApiDocuments();
  built = {
    openapi: documentText(documents.openapi),
    asyncapi: documentText(documents.asyncapi),
    schemas: new Map(
      Object.entries(documents.schemas).map(([name, schema]) => [name, documentText(schema)]),
    ),
  };
  return built;
}

const send = (reply: FastifyReply, text: string) =>
  reply
    .type('application/json; charset=utf-8')
    .header('cache-control', 'public, max-age=300')
    .send(text);

export function registerDocs(app: FastifyInstance): void {
  const documents = texts();
  rawRoute(app, ROUTES.openApi, ({ reply }) => send(reply, documents.openapi));
  rawRoute(app, ROUTES.asyncApi, ({ reply }) => send(reply, documents.asyncapi));
  rawRoute(app, ROUTES.jsonSchema, ({ reply, params }) => {
    const text = documents.schemas.get(params.name);
    if (text === undefined) refuse('NOT_FOUND', 'no such schema', { name: params.name });
    return send(reply, text);
  });
}
