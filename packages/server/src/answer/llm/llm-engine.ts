import OpenAI from 'openai';
import { Stream } from 'openai/streaming';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { Logger } from 'pino';
import type { Source } from '@supersteward/contract';
import type { AnswerEngine, EngineEvent, EngineRequest } from '../engine.js';
import type { Grounder } from '../retrieval/engine.js';
import { splitPieces } from '../retrieval/pieces.js';
import { classifyError, MalformedChunkError, type Fault, type FaultKind } from './faults.js';
import { createLeakGuard } from './leak-guard.js';
import { INTERRUPTED_MARKER, SHORTENED_MARKER } from './markers.js';
import { boundHistory, buildSystemPrompt } from './prompt.js';

export interface LlmEngineOptions {
  /** Any OpenAI-compatible endpoint, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /**
   * The staged retriever the extractive engine uses: its grounding decision (gates, follow-ups,
   * language, passages, sources) is the model's too.
   */
  grounder: Grounder;
  /** Answers when the model fails. */
  fallback: AnswerEngine;
  airlineName: string;
  supportEmail: string;
  maxTokens: number;
  /** Longest wait for the first token, and then for each next chunk (a stall). */
  firstTokenTimeoutMs: number;
  totalTimeoutMs: number;
  /** Tokens (~4 characters each) of earlier turns sent with the question. Default 1024. */
  historyTokenBudget?: number;
  /** Passages put in the prompt. Default 4. */
  maxPassages?: number;
  logger: Logger;
}

type ModelEvent = { type: 'text'; text: string } | { type: 'finish'; reason: string };

function mergeSources(first: readonly Source[], second: readonly Source[]): Source[] {
  const seen = new Set(first.map((s) => s.id));
  return [...first, ...second.filter((s) => !seen.has(s.id))];
}

export function createLlmEngine(options: LlmEngineOptions): AnswerEngine {
  const { grounder, fallback, logger, model, maxTokens, firstTokenTimeoutMs, totalTimeoutMs } =
    options;
  const historyTokenBudget = options.historyTokenBudget ?? 1024;
  const maxPassages = options.maxPassages ?? 4;
  const log = logger.child({ component: 'llm-engine', model });
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // Self-hosted servers need no key; a placeholder keeps the SDK from reading OPENAI_API_KEY.
    apiKey: options.apiKey ?? 'no-key',
    maxRetries: 0,
    timeout: totalTimeoutMs,
    // Faults are logged once, by this engine, without the passenger's text.
    logLevel: 'off',
  });

  /** The model's text as it arrives, then its finish reason; throws on every provider fault. */
  async function* callModel(
    messages: ChatCompletionMessageParam[],
    controller: AbortController,
  ): AsyncGenerator<ModelEvent> {
    const response = await client.chat.completions
      .create(
        { model, messages, max_tokens: maxTokens, stream: true },
        { signal: controller.signal },
      )
      .asResponse();
    // Some OpenAI-compatible servers ignore `stream: true` and send one JSON completion.
    if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      const body = JSON.parse(await response.text()) as Partial<ChatCompletion> | null;
      const choice = Array.isArray(body?.choices) ? body.choices[0] : undefined;
      const content = choice?.message?.content;
      if (typeof content !== 'string') throw new MalformedChunkError('completion without text');
      yield { type: 'text', text: content };
      yield { type: 'finish', reason: choice?.finish_reason ?? 'stop' };
      return;
    }
    const stream = Stream.fromSSEResponse<ChatCompletionChunk>(response, controller, client);
    for await (const chunk of stream) {
      if (typeof chunk !== 'object' || chunk === null || !Array.isArray(chunk.choices)) {
        throw new MalformedChunkError('chunk without choices');
      }
      const choice = chunk.choices[0];
      if (!choice) continue; // usage-only chunk
      const content: unknown = choice.delta?.content;
      if (content !== undefined && content !== null && typeof content !== 'string') {
        throw new MalformedChunkError('non-text content');
      }
      if (content) yield { type: 'text', text: content };
      if (choice.finish_reason) yield { type: 'finish', reason: choice.finish_reason };
    }
  }

  async function* answer(request: EngineRequest, signal: AbortSignal): AsyncGenerator<EngineEvent> {
    // Like the retrieval engine: an aborted answer just stops, without an `end`.
    if (signal.aborted) return;
    const grounding = grounder.ground(request);
    const { language } = grounding;
    if (grounding.kind !== 'answer') {
      // Small talk, another airline, or nothing in the knowledge base to ground an answer: the
      // language pack's reply with the support contact is better than a model guessing.
      log.debug({ decision: grounding.kind }, 'answered without the model');
      const reply = grounder.compose(grounding);
      for (const text of splitPieces(reply.text)) {
        if (signal.aborted) return;
        yield { type: 'piece', text };
      }
      yield { type: 'end', sources: reply.sources, trace: reply.trace };
      return;
    }
    const passages = grounding.passages.slice(0, maxPassages);
    const prompt = buildSystemPrompt(options, language, passages, undefined, grounding.script);
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: prompt.text },
      ...boundHistory(request.history, historyTokenBudget),
      { role: 'user', content: request.question },
    ];
    const sources = grounding.sources;
    const guard = createLeakGuard(prompt.guarded);

    const controller = new AbortController();
    let deadline: FaultKind | undefined;
    const expire = (kind: FaultKind) => () => {
      deadline ??= kind;
      controller.abort();
    };
    const onCallerAbort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', onCallerAbort, { once: true });
    const totalTimer = setTimeout(expire('total-timeout'), totalTimeoutMs);
    let idleTimer = setTimeout(expire('first-token-timeout'), firstTokenTimeoutMs);
    const started = Date.now();

    let shown = '';
    let fault: Fault | undefined;
    let finishReason: string | undefined;
    try {
      for await (const event of callModel(messages, controller)) {
        if (event.type === 'finish') {
          finishReason = event.reason;
          continue;
        }
        // From the first token on, the same bound applies to the gap between tokens.
        clearTimeout(idleTimer);
        idleTimer = setTimeout(expire('stall'), firstTokenTimeoutMs);
        const { release, leaked } = guard.push(event.text);
        if (leaked) {
          fault = { kind: 'prompt-leak' };
          break;
        }
        if (release) {
          shown += release;
          yield { type: 'piece', text: release };
        }
      }
    } catch (error) {
      fault = deadline ? { kind: deadline } : classifyError(error);
      // The class name only: provider messages may quote the request.
      if (!deadline && error instanceof Error) fault.error = error.name;
    } finally {
      clearTimeout(totalTimer);
      clearTimeout(idleTimer);
      signal.removeEventListener('abort', onCallerAbort);
      // Closes the HTTP stream whatever ended the answer (no-op when it completed).
      controller.abort();
    }
    if (signal.aborted) return;
    // The SDK ends a stream quietly when it is aborted, so a deadline shows up here, not as an error.
    if (!fault && deadline) fault = { kind: deadline };
    if (!fault && finishReason === undefined) fault = { kind: 'truncated' };

    if (!fault) {
      const tail = guard.flush();
      const text = shown + tail;
      if (text.trim() === '') {
        fault = { kind: 'empty-answer' };
      } else {
        if (tail) yield { type: 'piece', text: tail };
        if (finishReason === 'length') yield { type: 'piece', text: SHORTENED_MARKER[language] };
        log.debug({ ms: Date.now() - started, chars: text.length, finishReason }, 'model answered');
        yield {
          type: 'end',
          sources,
          trace: {
            ...grounding.trace,
            engine: 'llm',
            chosen: [],
            notes: [
              ...grounding.trace.notes,
              `model ${model} wrote the answer from ${passages.map((p) => p.id).join(', ')} (${finishReason ?? 'stop'})`,
            ],
          },
        };
        return;
      }
    }

    if (fault.kind !== 'prompt-leak' && shown !== '') {
      const tail = guard.flush();
      if (tail) {
        shown += tail;
        yield { type: 'piece', text: tail };
      }
    }
    log.warn(
      {
        fault: fault.kind,
        status: fault.status,
        error: fault.error,
        streamedChars: shown.length,
        ms: Date.now() - started,
      },
      'model answer failed: answered by the retrieval engine',
    );
    if (shown === '') {
      yield* fallback.answer(request, signal);
      return;
    }
    yield { type: 'piece', text: INTERRUPTED_MARKER[language] };
    for await (const event of fallback.answer(request, signal)) {
      if (event.type === 'piece') yield event;
      else yield { ...event, sources: mergeSources(sources, event.sources) };
    }
  }

  return { answer };
}
