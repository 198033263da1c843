// Which upstream serves a path: the longest matching prefix; the prefix is stripped on the way.

export interface Route {
  /** `/notifier`; the empty prefix is the catch-all (the web app). */
  readonly prefix: string;
  readonly name: string;
  /** Origin of the upstream, e.g. `http://notifier:80`. */
  readonly upstream: string;
}

export type Match =
  | { readonly kind: 'forward'; readonly route: Route; readonly path: string }
  /** `/notifier` without its slash: relative URLs in the upstream's pages need `/notifier/`. */
  | { readonly kind: 'redirect'; readonly location: string };

/** Routes sorted longest prefix first, so `/notifier/x` is never taken by the catch-all. */
export function routeTable(routes: readonly Route[]): readonly Route[] {
  return [...routes].sort((a, b) => b.prefix.length - a.prefix.length);
}

export function matchRoute(table: readonly Route[], pathname: string, search: string): Match | null {
  for (const route of table) {
    if (route.prefix === '') return { kind: 'forward', route, path: pathname + search };
    if (pathname === route.prefix) return { kind: 'redirect', location: `${route.prefix}/${search}` };
    if (pathname.startsWith(`${route.prefix}/`)) {
      return { kind: 'forward', route, path: pathname.slice(route.prefix.length) + search };
    }
  }
  return null;
}
