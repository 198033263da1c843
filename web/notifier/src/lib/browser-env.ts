// The real environment: the page's location, fetch, WebSocket, timers, localStorage and the Notifications API.

import { apiBasePath, deepLinkSegment, webSocketBase } from './base-url.ts';
import type { DesktopNotifications, KeyValueStorage, NotificationPermissionState, NotifierEnv } from './env.ts';
import { loadServerConfig } from './server-config.ts';

export async function createBrowserEnv(window: Window & typeof globalThis): Promise<NotifierEnv> {
  const { location } = window;
  const apiBase = apiBasePath(location.pathname);
  const config = await loadServerConfig(window.document);
  return {
    origin: location.origin,
    apiBase,
    wsBase: webSocketBase(location.protocol, location.host, apiBase),
    deepLink: deepLinkSegment(location.pathname),
    emailEnabled: config?.enableEmails ?? null,
    fetch: (url, init) => window.fetch(url, init),
    openSocket: (url, handlers) => {
      const socket = new WebSocket(url);
      socket.onmessage = (event) => {
        if (typeof event.data === 'string') handlers.onFrame(event.data);
      };
      // A failed socket also fires `close`, so that one handler covers both.
      socket.onclose = () => handlers.onClose();
      return { close: () => socket.close() };
    },
    now: () => Date.now(),
    schedule: (ms, run) => {
      const timer = window.setTimeout(run, ms);
      return () => window.clearTimeout(timer);
    },
    storage: browserStorage(window),
    notifications: browserNotifications(window),
    showPath: (path) => {
      if (path !== location.pathname) window.history.replaceState(null, '', path);
    },
  };
}

/** localStorage, or a map for this page's life when the browser refuses it (private modes, disabled storage). */
function browserStorage(window: Window): KeyValueStorage {
  try {
    const storage = window.localStorage;
    storage.getItem('probe');
    return storage;
  } catch (error) {
    console.warn('localStorage unavailable; subscriptions last until the page closes', error);
    const memory = new Map<string, string>();
    return { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => memory.set(key, value) };
  }
}

function browserNotifications(window: Window & typeof globalThis): DesktopNotifications {
  // Absent in some browsers (and on insecure origins in others).
  const api: typeof Notification | null = typeof window.Notification === 'function' ? window.Notification : null;
  const permission = (): NotificationPermissionState => (api === null ? 'unsupported' : api.permission);
  return {
    permission,
    request: async () => (api === null ? 'unsupported' : await api.requestPermission()),
    show: (title, body, tag) => {
      if (api !== null && api.permission === 'granted') new api(title, { body, tag });
    },
  };
}
