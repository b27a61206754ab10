/** Request bodies parsed with the protocol's schemas; a bad one is refused with the first problem. */
import type { ProtocolError, ProtocolErrorCode } from '@gangsta/protocol';
import type { z } from 'zod';
import { refuse } from '../refusal.ts';

/** Which code a problem at this path gets (a bad name is BAD_NAME, bad options BAD_OPTIONS…). */
export type CodeForPath = (
  path: readonly PropertyKey[],
  keys: readonly string[],
) => ProtocolErrorCode;

const defaultCode: CodeForPath = () => 'BAD_MESSAGE';

export function parseBody<T>(schema: z.ZodType<T>, body: unknown, codeFor = defaultCode): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  // zod fails a parse with at least one issue; without one there is nothing more to say.
  if (!issue) return refuse(codeFor([], []), 'invalid body', { path: '' });
  const where = issue.path.length ? `${issue.path.map(String).join('.')}: ` : '';
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  // A name refused for its characters or length says which (`names.ts`: reason, char, max).
  const details = issue.code === 'custom' ? scalarParams(issue.params) : {};
  return refuse(codeFor(issue.path, keys), `${where}${issue.message}`, {
    ...details,
    path: issue.path.map(String).join('.'),
  });
}

function scalarParams(params: Record<string, unknown> | undefined): ProtocolError['params'] {
  const scalars: ProtocolError['params'] = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      scalars[key] = value;
  }
  return scalars;
}
