import type { Static, TSchema } from '@sinclair/typebox';
import type { HttpMethod } from '@supersteward/contract';
import type {
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
} from 'fastify';
import type { App } from './app-types.js';

/** An entry of one of the contract's endpoint tables, as far as registering its route goes. */
export interface ContractEndpoint {
  method: HttpMethod;
  path: string;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  response: TSchema;
}

type Part<E, K extends string> = E extends { [key in K]: infer S extends TSchema }
  ? Static<S>
  : undefined;

/** A request's parts, typed by the endpoint's schemas (which Fastify has validated them against). */
export interface RouteInput<E extends ContractEndpoint> {
  body: Part<E, 'body'>;
  query: Part<E, 'query'>;
  params: Part<E, 'params'>;
}

export type RouteHandler<E extends ContractEndpoint> = (
  input: RouteInput<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<Static<E['response']>> | Static<E['response']>;

/**
 * Registers the route of one endpoint of a contract table: its method and path, and its schemas,
 * which validate the request and document the route. The handler gets the validated parts typed.
 */
export function contractRoute<E extends ContractEndpoint>(
  app: App,
  endpoint: E,
  options: {
    schema: FastifySchema;
    onRequest?: onRequestHookHandler | onRequestAsyncHookHandler | undefined;
  },
  handler: RouteHandler<E>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...options.schema,
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
    },
    ...(options.onRequest && { onRequest: options.onRequest }),
    handler: (request, reply) =>
      handler(
        {
          body: request.body as Part<E, 'body'>,
          query: request.query as Part<E, 'query'>,
          params: request.params as Part<E, 'params'>,
        },
        request,
        reply,
      ),
  });
}
