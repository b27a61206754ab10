/** The routes around the API: the WebSocket's upgrade, the documents, and `/version`. */
import { serverVersionSchema } from '../operations.ts';
import { defineRoutes } from './route.ts';

/** Where the server serves the documents (and `docs/api/` holds them). */
export const API_DOCUMENT_PATHS = {
  openapi: '/api/v1/openapi.json',
  asyncapi: '/api/v1/asyncapi.json',
  /** One JSON Schema per id: `/api/v1/schemas/ServerUpdate.json`. */
  schemas: '/api/v1/schemas/',
} as const;

export const SERVICE_ROUTES = defineRoutes({
  webSocket: {
    method: 'GET',
    path: '/api/v1/ws',
    tag: 'live',
    summary: 'The WebSocket (upgrade)',
    description: `Everything live, described by the AsyncAPI document (${API_DOCUMENT_PATHS.asyncapi}). The page's Origin must be allowed (403 BAD_ORIGIN otherwise).`,
    auth: 'none',
    kind: 'upgrade',
    status: 101,
    answerDescription: 'Switching to the WebSocket protocol',
    errors: ['BAD_ORIGIN'],
  },
  openApi: {
    method: 'GET',
    path: API_DOCUMENT_PATHS.openapi,
    tag: 'documents',
    summary: 'This document',
    auth: 'none',
    kind: 'document',
    status: 200,
    answerDescription: 'The OpenAPI 3.1 document of the HTTP API',
    errors: [],
  },
  asyncApi: {
    method: 'GET',
    path: API_DOCUMENT_PATHS.asyncapi,
    tag: 'documents',
    summary: 'The AsyncAPI 3.0 document of the WebSocket',
    auth: 'none',
    kind: 'document',
    status: 200,
    answerDescription: 'The AsyncAPI 3.0 document of /api/v1/ws',
    errors: [],
  },
  jsonSchema: {
    method: 'GET',
    path: `${API_DOCUMENT_PATHS.schemas}:name`,
    tag: 'documents',
    summary: 'One JSON Schema (draft 2020-12) by file name, e.g. `ServerUpdate.json`',
    auth: 'none',
    kind: 'document',
    status: 200,
    answerDescription: 'The JSON Schema',
    errors: ['NOT_FOUND'],
  },
  serverVersion: {
    method: 'GET',
    path: '/version',
    tag: 'operations',
    summary: 'Which server answers: its version, protocol version, commit and Node.js',
    auth: 'none',
    kind: 'json',
    answer: serverVersionSchema,
    status: 200,
    answerDescription: 'The server and its protocol',
    errors: [],
  },
});
