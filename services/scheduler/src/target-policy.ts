// SCHEDULER_ALLOWED_TARGETS: the hosts tasks may target, so a leaked key cannot reach internal addresses.

export interface TargetPolicy {
  readonly entries: readonly string[];
  allows(url: URL): boolean;
}

interface Rule {
  /** Exact host, or the suffix after `*.` (which must match a proper subdomain). */
  readonly host: string;
  readonly wildcard: boolean;
  /** `null`: any port. */
  readonly port: string | null;
}

const ENTRY = /^(\*\.)?([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/;

export function parseTargetPolicy(entries: readonly string[]): TargetPolicy {
  if (entries.length === 0) throw new Error('no host given');
  const rules = entries.map((entry): Rule => {
    const match = ENTRY.exec(entry.toLowerCase());
    if (match === null) throw new Error(`'${entry}' is not a host, host:port or *.domain`);
    const [, star, host = '', port] = match;
    if (port !== undefined && Number(port) > 65_535) throw new Error(`'${entry}' has an invalid port`);
    return { host, wildcard: star !== undefined, port: port ?? null };
  });
  return {
    entries,
    allows(url) {
      const host = url.hostname.toLowerCase();
      const port = url.port || (url.protocol === 'https:' ? '443' : '80');
      return rules.some(
        (rule) =>
          (rule.port === null || rule.port === port) &&
          (rule.wildcard ? host.endsWith(`.${rule.host}`) : host === rule.host),
      );
    },
  };
}
