// Reads the server's `config.js` (ntfy's `var config = {...}`), loaded relative to the page so it works under a prefix.

export interface ServerConfig {
  readonly enableEmails: boolean | null;
}

/** Loads `./config.js` as a classic script and reads the global it defines; `null` if it is missing or malformed. */
export function loadServerConfig(document: Document): Promise<ServerConfig | null> {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = './config.js';
    script.onload = () => resolve(readConfig(Reflect.get(document.defaultView ?? {}, 'config')));
    script.onerror = () => {
      console.warn('config.js could not be loaded; using defaults');
      resolve(null);
    };
    document.head.append(script);
  });
}

export function readConfig(value: unknown): ServerConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const enableEmails = (value as Record<string, unknown>).enable_emails;
  return { enableEmails: typeof enableEmails === 'boolean' ? enableEmails : null };
}
