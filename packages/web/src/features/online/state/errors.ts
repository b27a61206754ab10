/**
 * Online refusals as the client handles them: the server's (and engine's) `ProtocolError`s,
 * plus the two that only the client can notice — the network failed, or the server answered
 * something the protocol does not allow. Screens translate them by code (`online.errors.*`).
 */
import {
  ENGINE_ERROR_CODES,
  type ProtocolError,
  type ProtocolErrorCode,
  protocolErrorSchema,
  SERVER_ERROR_CODES,
} from '@gangsta/protocol';

export type OnlineErrorCode = ProtocolErrorCode | 'NETWORK' | 'BAD_ANSWER';

/** Every code a screen may have to translate. */
export const ONLINE_ERROR_CODES: readonly OnlineErrorCode[] = [
  ...SERVER_ERROR_CODES,
  ...ENGINE_ERROR_CODES,
  'NETWORK',
  'BAD_ANSWER',
];

export class OnlineError extends Error {
  readonly code: OnlineErrorCode;
  readonly params: ProtocolError['params'];

  constructor(code: OnlineErrorCode, message: string, params: ProtocolError['params'] = {}) {
    super(message);
    this.name = 'OnlineError';
    this.code = code;
    this.params = params;
  }

  static from(error: ProtocolError): OnlineError {
    return new OnlineError(error.code, error.message, error.params);
  }

  toJSON(): { code: OnlineErrorCode; message: string; params: ProtocolError['params'] } {
    return { code: this.code, message: this.message, params: this.params };
  }
}

/** Any thrown value as an OnlineError (a bug in our own code becomes INTERNAL, not a crash). */
export function asOnlineError(error: unknown): OnlineError {
  if (error instanceof OnlineError) return error;
  const parsed = protocolErrorSchema.safeParse(error);
  if (parsed.success) return OnlineError.from(parsed.data);
  const message = error instanceof Error ? error.message : String(error);
  return new OnlineError('INTERNAL', message);
}
