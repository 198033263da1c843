// A real HTTP server on a free loopback port for the duration of a test (`await using`).

export interface LocalServer extends AsyncDisposable {
  readonly url: string;
  readonly port: number;
}

export function localServer(fetch: (request: Request) => Response | Promise<Response>): LocalServer {
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch });
  return {
    url: `http://127.0.0.1:${server.port}`,
    port: server.port ?? 0,
    [Symbol.asyncDispose]: () => server.stop(true),
  };
}
