// Publishing: PUT/POST /<topic>, GET /<topic>/publish|send|trigger, and PUT/POST / with a JSON body.

import { readBodyText } from '@keel/kit';
import { type Context, Elysia } from 'elysia';
import { errors } from '../errors.ts';
import { MAX_JSON_BODY_BYTES, parseJsonPublication } from '../json-publication.ts';
import { messageJson } from '../message.ts';
import { readMessageBody } from '../message-body.ts';
import { type NotifierContext, publicationSettings, requestAddress } from '../notifier-context.ts';
import { type ParamSource, paramSource } from '../params.ts';
import { parsePublication } from '../publication.ts';
import { isTopic, RESERVED_TOPICS } from '../topic.ts';

export function publishRoutes(context: NotifierContext) {
  async function publish(topic: string, body: string | Error, source: ParamSource, address: string): Promise<Response> {
    if (RESERVED_TOPICS.has(topic)) throw errors.topicDisallowed();
    const publication = parsePublication(
      topic,
      body instanceof Error ? '' : body,
      source,
      publicationSettings(context),
    );
    if (body instanceof Error) throw body;
    if (publication.email !== null) context.visitors.takeEmail(address);
    await context.publisher.publish(publication, address);
    return new Response(`${JSON.stringify(messageJson(publication.message))}\n`, {
      headers: { 'content-type': 'application/json' },
    });
  }

  type TopicRequest = Pick<Context, 'request' | 'server'> & { params: { topic: string } };

  /** `PUT`/`POST /<topic>` take the message from the body; `GET /<topic>/publish` only from parameters. */
  const publishTo =
    (readBody: (request: Request) => Promise<string | Error>) =>
    async ({ params, request, server }: TopicRequest) => {
      const address = requestAddress(context, request, server);
      context.visitors.takeRequest(address);
      if (!isTopic(params.topic)) throw errors.notFound();
      return publish(params.topic, await readBody(request), paramSource(request), address);
    };
  const publishToPath = publishTo(readMessageBody);
  const publishFromQuery = publishTo(async () => '');

  async function publishJson({ request, server }: Pick<Context, 'request' | 'server'>) {
    let text: string;
    try {
      text = await readBodyText(request, MAX_JSON_BODY_BYTES - 1);
    } catch (error) {
      throw (error as { status?: number }).status === 413 ? errors.jsonTooLarge() : errors.jsonInvalid();
    }
    const { topic, body, source } = parseJsonPublication(text, paramSource(request));
    // ntfy checks the JSON before the request limit.
    const address = requestAddress(context, request, server);
    context.visitors.takeRequest(address);
    return publish(topic, body, source, address);
  }

  return new Elysia()
    .put('/', publishJson)
    .post('/', publishJson)
    .put('/:topic', publishToPath)
    .post('/:topic', publishToPath)
    .get('/:topic/publish', publishFromQuery)
    .get('/:topic/send', publishFromQuery)
    .get('/:topic/trigger', publishFromQuery);
}
