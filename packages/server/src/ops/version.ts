/**
 * Which server answers: `GET /version` and the start-up line tell the package's version, the
 * protocol it speaks, the commit it was built from (`GIT_COMMIT`: an image has no `.git`) and
 * the Node.js running it, so that an operator can tell the processes of a rolling upgrade apart.
 */
import { PROTOCOL_MINOR, PROTOCOL_VERSION, ROUTES, type ServerVersion } from '@gangsta/protocol';
import type { FastifyInstance } from 'fastify';
// Inlined by the bundle: the version is the one of the sources it was built from.
import packageJson from '../../package.json' with { type: 'json' };
import { route } from '../http/route.ts';

export const SERVER_VERSION: string = packageJson.version;

export function serverVersion(commit: string | null): ServerVersion {
  return {
    version: SERVER_VERSION,
    protocol: `${PROTOCOL_VERSION}.${PROTOCOL_MINOR}`,
    ...(commit ? { commit } : {}),
    node: process.versions.node,
  };
}

export function registerVersion(app: FastifyInstance, commit: string | null): void {
  const answer = serverVersion(commit);
  route(app, ROUTES.serverVersion, () => answer);
}
