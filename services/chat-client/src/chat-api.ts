// ChatApi: the chat server's HTTP routes (docs/chat.md) as typed calls; errors become ServerError or NetworkError.

import { type ErrorDetail, NetworkError, ServerError } from './errors.ts';

/** Attempts for a request that is safe to repeat (same message id, reads, acks) when the network fails. */
const IDEMPOTENT_ATTEMPTS = 4;
/** First pause between attempts; doubles each time (0.2, 0.4, 0.8 s). */
const RETRY_BASE_MS = 200;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface BundleJson {
  readonly fingerprint: string;
  readonly identity_key: string;
  readonly identity_dh_key: string;
  readonly signed_prekey: { readonly id: number; readonly public_key: string; readonly signature: string };
  readonly one_time_prekey?: { readonly id: number; readonly public_key: string } | null;
  readonly one_time_prekeys?: readonly { readonly id: number; readonly public_key: string }[];
  readonly alias?: string | null;
}

/** A queued message as GET /v1/messages and the WebSocket deliver it. */
export interface QueuedMessageJson {
  readonly server_id: number;
  readonly id: string;
  readonly from: string;
  readonly kind: string;
  readonly group: string | null;
  readonly body: string;
  readonly queued_at: string;
}

export interface Member {
  readonly fingerprint: string;
  readonly alias: string | null;
}

interface RequestOptions {
  readonly body?: unknown;
  readonly token?: string;
  /** Repeat on a network failure: only for requests the server treats idempotently. */
  readonly idempotent?: boolean;
}

export class ChatApi {
  readonly baseUrl: string;
  readonly #fetch: FetchLike;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(baseUrl: string, fetchFn: FetchLike, sleep: (ms: number) => Promise<void>) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.#fetch = fetchFn;
    this.#sleep = sleep;
  }

  /** ws:// or wss:// URL of the push channel. */
  get wsUrl(): string {
    return `${this.baseUrl.replace(/^http/, 'ws')}/v1/ws`;
  }

  uploadBundle(bundle: BundleJson, token: string | null) {
    return this.#request<{ fingerprint: string; one_time_prekeys_left: number }>('PUT', '/v1/keys', {
      body: bundle,
      ...(token === null ? {} : { token }),
    });
  }

  ownPrekeys(token: string) {
    return this.#request<{ one_time_prekeys_left: number; signed_prekey_id: number }>('GET', '/v1/keys', {
      token,
      idempotent: true,
    });
  }

  fetchBundle(token: string, fingerprint: string) {
    return this.#request<BundleJson>('GET', `/v1/keys/${encodeURIComponent(fingerprint)}`, { token });
  }

  challenge(fingerprint: string) {
    return this.#request<{ challenge: string; expires_at: string }>('POST', '/v1/auth/challenge', {
      body: { fingerprint },
    });
  }

  verify(fingerprint: string, challenge: string, signature: string) {
    return this.#request<{ token: string; expires_at: string }>('POST', '/v1/auth/verify', {
      body: { fingerprint, challenge, signature },
    });
  }

  send(token: string, envelope: { id: string; to: string; kind: string; body: string }) {
    return this.#request<{ id: string; queued_at: string }>('POST', '/v1/messages', {
      token,
      body: envelope,
      idempotent: true,
    });
  }

  poll(token: string, limit: number) {
    return this.#request<QueuedMessageJson[]>('GET', `/v1/messages?limit=${limit}`, { token, idempotent: true });
  }

  acknowledge(token: string, serverIds: readonly number[]) {
    return this.#request<{ acknowledged: number }>('POST', '/v1/messages/ack', {
      token,
      body: { server_ids: serverIds },
      idempotent: true,
    });
  }

  createGroup(token: string, name: string) {
    return this.#request<{ name: string; members: Member[] }>('POST', '/v1/groups/create', { token, body: { name } });
  }

  joinGroup(token: string, name: string) {
    return this.#request<{ name: string; members: Member[] }>('POST', `/v1/groups/${encodeURIComponent(name)}/join`, {
      token,
    });
  }

  members(token: string, name: string) {
    return this.#request<Member[]>('GET', `/v1/groups/${encodeURIComponent(name)}/members`, {
      token,
      idempotent: true,
    });
  }

  groupSend(token: string, name: string, post: { id: string; copies: { to: string; body: string }[] }) {
    return this.#request<{ id: string; queued_at: string }>('POST', `/v1/groups/${encodeURIComponent(name)}/send`, {
      token,
      body: post,
      idempotent: true,
    });
  }

  async #request<T>(method: string, path: string, options: RequestOptions): Promise<T> {
    const headers: Record<string, string> = {};
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const url = `${this.baseUrl}${path}`;
    const attempts = options.idempotent === true ? IDEMPOTENT_ATTEMPTS : 1;
    let response: Response | null = null;
    for (let attempt = 1; response === null; attempt++) {
      try {
        response = await this.#fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
      } catch (error) {
        if (attempt >= attempts) throw new NetworkError(url, error);
        await this.#sleep(RETRY_BASE_MS * 2 ** (attempt - 1));
      }
    }
    const text = await response.text();
    if (!response.ok) throw errorFrom(response.status, text);
    return JSON.parse(text) as T;
  }
}

function errorFrom(status: number, text: string): ServerError {
  try {
    const { code, message, ...details } = JSON.parse(text) as Record<string, ErrorDetail>;
    if (typeof code === 'string' && typeof message === 'string') return new ServerError(status, code, message, details);
  } catch {
    // Not the services' JSON error body (a proxy's page, say): report the text as it came.
  }
  return new ServerError(status, 'http_error', text.slice(0, 200) || `HTTP ${status}`);
}
