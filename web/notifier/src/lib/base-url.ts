// Where the notifier's API lives, derived from the page's own URL: at `/`, behind a gateway prefix, or at a deep link.

/** The path up to and including its last `/`: `/` → `/`, `/notifier/mytopic` → `/notifier/`. */
export function apiBasePath(pathname: string): string {
  const slash = pathname.lastIndexOf('/');
  return slash === -1 ? '/' : pathname.slice(0, slash + 1);
}

/** The same place for WebSockets: `https:` pages talk `wss:`, everything else `ws:`. */
export function webSocketBase(protocol: string, host: string, basePath: string): string {
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${basePath}`;
}

/** What follows the base in a deep link `<base><topic>`; `null` at the base itself. Not yet validated. */
export function deepLinkSegment(pathname: string): string | null {
  const rest = pathname.slice(apiBasePath(pathname).length);
  return rest === '' ? null : rest;
}
