// A real HTTP target that records every request it gets and answers as the test scripts it.

import { localServer } from '@keel/kit/testing';

export interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly at: number;
}

/** Decides the answer to the n-th request (0-based) for a task id; default 200. */
export type Script = (request: Received, nth: number) => Response | Promise<Response>;

export function receiver(script: Script = () => new Response('ok')) {
  const requests: Received[] = [];
  const server = localServer(async (request) => {
    const received: Received = {
      method: request.method,
      path: new URL(request.url).pathname,
      headers: Object.fromEntries(request.headers),
      body: await request.text(),
      at: Date.now(),
    };
    const taskId = received.headers['x-scheduler-task-id'];
    const nth = requests.filter((r) => r.headers['x-scheduler-task-id'] === taskId).length;
    requests.push(received);
    return script(received, nth);
  });
  return {
    url: server.url,
    requests,
    forTask: (id: string) => requests.filter((r) => r.headers['x-scheduler-task-id'] === id),
    [Symbol.asyncDispose]: () => server[Symbol.asyncDispose](),
  };
}
