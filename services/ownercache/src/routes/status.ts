// GET /status: each contract's index (tokens known, last block, scan progress), as JSON or a small HTML page.

import { Elysia } from 'elysia';
import type { ContractIndex } from '../contract-index.ts';
import type { IndexStore } from '../index-store.ts';

interface ContractStatus {
  key: string;
  network: string;
  address: string;
  max_token_id: string;
  state: 'ready' | 'building';
  tokens_known: number;
  last_block: number | null;
  updated_at: string | null;
  age_seconds: number | null;
  scan: { done: number; total: number; per_second: number; eta_seconds: number | null } | null;
  last_error: string | null;
}

export function statusRoutes({
  indexes,
  store,
  now,
}: {
  indexes: ReadonlyMap<string, ContractIndex>;
  store: IndexStore;
  now: () => number;
}) {
  const report = (): ContractStatus[] =>
    [...indexes.values()].map((index) => ({
      key: index.entry.key,
      network: index.entry.network,
      address: index.entry.address,
      max_token_id: String(index.entry.maxTokenId),
      state: index.ready ? 'ready' : 'building',
      tokens_known: store.tokenCount(index.entry.key),
      last_block: index.lastBlock === null ? null : Number(index.lastBlock),
      updated_at: index.updatedAt === null ? null : new Date(index.updatedAt).toISOString(),
      age_seconds: index.updatedAt === null ? null : Math.round((now() - index.updatedAt) / 1000),
      scan:
        index.progress === null
          ? null
          : {
              done: index.progress.done,
              total: index.progress.total,
              per_second: index.progress.perSecond,
              eta_seconds: index.progress.etaSeconds,
            },
      last_error: index.lastError,
    }));

  return new Elysia().get('/status', function status({ request, set }) {
    const contracts = report();
    if (!(request.headers.get('accept') ?? '').includes('text/html')) return { contracts };
    set.headers['content-type'] = 'text/html; charset=utf-8';
    return statusPage(contracts);
  });
}

const html = (value: unknown) =>
  String(value ?? '—').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

function statusPage(contracts: readonly ContractStatus[]): string {
  const rows = contracts
    .map((c) => {
      const scan = c.scan;
      const progress =
        scan === null ? '' : `${scan.done}/${scan.total} (${scan.per_second}/s, ETA ${scan.eta_seconds ?? '?'} s)`;
      return `<tr><td>${html(c.key)}</td><td>${html(c.network)}</td><td><code>${html(c.address)}</code></td><td>${html(c.state)}</td><td>${html(c.tokens_known)}</td><td>${html(c.last_block)}</td><td>${html(c.age_seconds)} s</td><td>${html(progress)}</td><td>${html(c.last_error)}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Ownership cache status</title>
<style>body{font:14px system-ui;margin:2rem}table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:.4rem .8rem;text-align:left}</style>
<h1>Ownership cache</h1><table><tr><th>contract</th><th>network</th><th>address</th><th>state</th><th>tokens known</th><th>last block</th><th>age</th><th>scan</th><th>last error</th></tr>
${rows}</table>`;
}
