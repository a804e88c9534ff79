import type { TSchema } from '@sinclair/typebox';
import {
  AnswerRequest,
  AnswerResponse,
  CreateUuidResponse,
  DeleteResponse,
  FeedbackRequest,
  FeedbackResponse,
  HistoryResponse,
  PublicConfig,
  RegisterRoomRequest,
  RegisterRoomResponse,
  ThreadList,
  ThreadParams,
} from './api.js';
import type { HttpMethod } from './paths.js';

/**
 * One endpoint of the passengers' API. The server registers its route from this entry (method,
 * path, schemas, documented errors), and the clients call it through the same entry, so neither
 * a path nor a shape is written twice.
 */
export interface PassengerEndpoint {
  method: HttpMethod;
  path: string;
  summary: string;
  /** The OpenAPI tag it is listed under. */
  tag: string;
  /** Needs the visitor id in the `uuid` header; an unknown visitor is 404. */
  visitor: boolean;
  /** Needs a captcha token in `X-CAPTCHA-TOKEN` (403 without a valid one). */
  captcha: boolean;
  params?: TSchema;
  body?: TSchema;
  response: TSchema;
  /** Every error status it can answer (429 with the limit's fields, the rest `{status_code, detail}`). */
  errors: readonly number[];
}

export const PASSENGER_ENDPOINTS = {
  config: {
    method: 'GET',
    path: '/api/config',
    summary: 'Public client settings',
    tag: 'config',
    visitor: false,
    captcha: false,
    response: PublicConfig,
    errors: [],
  },
  createUuid: {
    method: 'POST',
    path: '/user/create_uuid',
    summary: 'Create a visitor id',
    tag: 'visitor',
    visitor: false,
    captcha: false,
    response: CreateUuidResponse,
    errors: [400, 415, 429],
  },
  threads: {
    method: 'GET',
    path: '/assistant/threads',
    summary: "The visitor's threads, newest first",
    tag: 'threads',
    visitor: true,
    captcha: false,
    response: ThreadList,
    errors: [404],
  },
  history: {
    method: 'GET',
    path: '/assistant/threads/:id/history',
    summary: "A thread's messages, oldest first; null when it is not this visitor's",
    tag: 'threads',
    visitor: true,
    captcha: false,
    params: ThreadParams,
    response: HistoryResponse,
    errors: [400, 404],
  },
  deleteAll: {
    method: 'DELETE',
    path: '/assistant/threads/all',
    summary: 'Delete every thread, message and feedback of the visitor, and the visitor',
    tag: 'threads',
    visitor: true,
    captcha: false,
    response: DeleteResponse,
    errors: [404],
  },
  deleteThread: {
    method: 'DELETE',
    path: '/assistant/threads/:id',
    summary: 'Delete one thread (captcha)',
    tag: 'threads',
    visitor: true,
    captcha: true,
    params: ThreadParams,
    response: DeleteResponse,
    errors: [400, 403, 404],
  },
  answer: {
    method: 'POST',
    path: '/assistant/answer',
    summary: 'Ask a question (captcha); the answer streams to the room and is returned whole',
    tag: 'messages',
    visitor: true,
    captcha: true,
    body: AnswerRequest,
    response: AnswerResponse,
    errors: [400, 403, 404, 413, 415, 429, 502, 503],
  },
  feedback: {
    method: 'POST',
    path: '/assistant/message/feedback',
    summary: 'Rate an assistant message (captcha)',
    tag: 'messages',
    visitor: true,
    captcha: true,
    body: FeedbackRequest,
    response: FeedbackResponse,
    errors: [400, 403, 404, 413, 415],
  },
  registerRoom: {
    method: 'POST',
    path: '/ws/register_to_room/',
    summary: 'Check that a room is the visitor’s own',
    tag: 'realtime',
    visitor: true,
    captcha: false,
    body: RegisterRoomRequest,
    response: RegisterRoomResponse,
    errors: [400, 403, 404, 413, 415],
  },
} as const satisfies Record<string, PassengerEndpoint>;

export type PassengerEndpointName = keyof typeof PASSENGER_ENDPOINTS;
