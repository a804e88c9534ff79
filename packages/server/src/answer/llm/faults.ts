import OpenAI from 'openai';

/** Why a model answer was given up and handed to the fallback engine; logged, never shown. */
export type FaultKind =
  | 'connection-refused'
  | 'connection-failed'
  | 'connection-lost'
  | 'server-error'
  | 'rate-limited'
  | 'client-error'
  | 'provider-error'
  | 'first-token-timeout'
  | 'stall'
  | 'total-timeout'
  | 'malformed-chunk'
  | 'truncated'
  | 'empty-answer'
  | 'prompt-leak'
  | 'unexpected';

export interface Fault {
  kind: FaultKind;
  status?: number;
  /** Class name of the error that ended the answer, for the log. */
  error?: string;
}

/** A chunk that parsed as JSON but is not a chat-completion chunk. */
export class MalformedChunkError extends Error {
  constructor(what: string) {
    super(`malformed chat-completion response: ${what}`);
    this.name = 'MalformedChunkError';
  }
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

export function classifyError(error: unknown): Fault {
  if (error instanceof SyntaxError || error instanceof MalformedChunkError) {
    return { kind: 'malformed-chunk' };
  }
  if (error instanceof OpenAI.APIConnectionTimeoutError) return { kind: 'first-token-timeout' };
  if (error instanceof OpenAI.APIConnectionError) {
    return {
      kind: causeCode(error) === 'ECONNREFUSED' ? 'connection-refused' : 'connection-failed',
    };
  }
  if (error instanceof OpenAI.APIError) {
    // The SDK types the status loosely; only a number is an HTTP status.
    const status: unknown = error.status;
    if (typeof status !== 'number') return { kind: 'provider-error' };
    if (status === 429) return { kind: 'rate-limited', status };
    if (status >= 500) return { kind: 'server-error', status };
    return { kind: 'client-error', status };
  }
  // undici reports a socket that closed mid-body as a TypeError ("terminated").
  if (error instanceof TypeError) return { kind: 'connection-lost' };
  return { kind: 'unexpected' };
}
