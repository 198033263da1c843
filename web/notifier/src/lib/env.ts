// Everything the UI takes from its surroundings (network, clock, timers, storage, notifications), as one interface.

export interface SocketHandlers {
  /** One text frame (ntfy sends one JSON event per frame). */
  readonly onFrame: (text: string) => void;
  /** The socket closed or failed; no more frames will come. */
  readonly onClose: () => void;
}

export interface LiveSocket {
  close(): void;
}

export type NotificationPermissionState = 'default' | 'granted' | 'denied' | 'unsupported';

export interface DesktopNotifications {
  permission(): NotificationPermissionState;
  request(): Promise<NotificationPermissionState>;
  show(title: string, body: string, tag: string): void;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface NotifierEnv {
  /** The page's origin (`https://host`), for the copyable examples. */
  readonly origin: string;
  /** Path of the API, ending in `/`: `/` or `/notifier/`. */
  readonly apiBase: string;
  /** The API's WebSocket base: `ws://host/notifier/`. */
  readonly wsBase: string;
  /** What the page's path names after the base (a deep link), not yet validated. */
  readonly deepLink: string | null;
  /** From the server's `config.js`; `null` when it could not be read. */
  readonly emailEnabled: boolean | null;
  readonly fetch: (url: string, init?: RequestInit) => Promise<Response>;
  readonly openSocket: (url: string, handlers: SocketHandlers) => LiveSocket;
  /** Milliseconds since the epoch. */
  readonly now: () => number;
  /** Runs `run` once after `ms`; the returned function cancels it. */
  readonly schedule: (ms: number, run: () => void) => () => void;
  readonly storage: KeyValueStorage;
  readonly notifications: DesktopNotifications;
  /** Shows `path` in the address bar without navigating (deep links stay shareable). */
  readonly showPath: (path: string) => void;
}
