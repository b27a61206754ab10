/** A refusal thrown inside the server and turned into `{ error }` (HTTP) or an error frame. */
import { type ProtocolError, type ProtocolErrorCode, protocolError } from '@gangsta/protocol';

export class Refusal extends Error {
  readonly error: ProtocolError;

  constructor(code: ProtocolErrorCode, message: string, params: ProtocolError['params'] = {}) {
    super(message);
    this.error = protocolError(code, message, params);
  }
}

export function refuse(
  code: ProtocolErrorCode,
  message: string,
  params: ProtocolError['params'] = {},
): never {
  throw new Refusal(code, message, params);
}

/** The protocol error for anything thrown: a refusal as it is, anything else as INTERNAL. */
export function asProtocolError(error: unknown): ProtocolError {
  if (error instanceof Refusal) return error.error;
  return protocolError('INTERNAL', 'the server failed; nothing was changed');
}
