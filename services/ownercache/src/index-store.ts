// Each contract's index in SQLite: token id to owner, scan progress, and the block the logs are applied through.

import type { Database, Statement } from 'bun:sqlite';
import type { Hex } from 'viem';
import type { TransferEvent } from './chain-reader.ts';
import type { ContractEntry } from './contracts-file.ts';

export interface IndexState {
  readonly status: 'building' | 'ready';
  /** The first block the scan was pinned to; logs are replayed from the next one. */
  readonly replayFrom: bigint | null;
  readonly scanNextId: bigint;
  readonly lastBlock: bigint | null;
  readonly lastBlockHash: Hex | null;
  readonly updatedAt: number | null;
}

export interface IndexerAnswer {
  readonly tokenIds: string[];
  readonly blockNumber: bigint | null;
  readonly updatedAt: number;
}

interface StateRow {
  network: string;
  address: string;
  max_token_id: string;
  status: 'building' | 'ready';
  replay_from: string | null;
  scan_next_id: string;
  last_block: string | null;
  last_block_hash: string | null;
  updated_at: number | null;
}

const big = (text: string | null) => (text === null ? null : BigInt(text));

export class IndexStore {
  readonly #db: Database;
  readonly #tokensOf: Statement<{ token_id: string }, [string, string]>;

  constructor(db: Database) {
    this.#db = db;
    // Prepared once: this is the query behind every answer.
    this.#tokensOf = db.prepare('SELECT token_id FROM owners WHERE contract = ? AND owner = ?');
  }

  /** The stored state of `entry`'s index; `null` when there is none or it was built for another address/network/range. */
  state(entry: ContractEntry): IndexState | null {
    const row = this.#db.query<StateRow, [string]>('SELECT * FROM contracts WHERE key = ?').get(entry.key);
    if (row === null) return null;
    if (
      row.network !== entry.network ||
      row.address !== entry.address ||
      row.max_token_id !== String(entry.maxTokenId)
    ) {
      return null;
    }
    return {
      status: row.status,
      replayFrom: big(row.replay_from),
      scanNextId: BigInt(row.scan_next_id),
      lastBlock: big(row.last_block),
      lastBlockHash: row.last_block_hash as Hex | null,
      updatedAt: row.updated_at,
    };
  }

  /** Drops whatever was indexed for the key and starts a new build pinned to `block`. */
  reset(entry: ContractEntry, block: bigint): IndexState {
    this.#db.transaction(() => {
      this.#db.query('DELETE FROM owners WHERE contract = ?').run(entry.key);
      this.#db.query('DELETE FROM indexer_answers WHERE contract = ?').run(entry.key);
      this.#db
        .query(
          `INSERT OR REPLACE INTO contracts
             (key, network, address, max_token_id, status, replay_from, scan_next_id, last_block, last_block_hash, updated_at)
           VALUES (?, ?, ?, ?, 'building', ?, '0', NULL, NULL, NULL)`,
        )
        .run(entry.key, entry.network, entry.address, String(entry.maxTokenId), String(block));
    })();
    return {
      status: 'building',
      replayFrom: block,
      scanNextId: 0n,
      lastBlock: null,
      lastBlockHash: null,
      updatedAt: null,
    };
  }

  /** Stores the owners of one scanned batch; `scanNextId` is the lowest id still unscanned after it. */
  saveScan(key: string, ids: readonly bigint[], owners: readonly (string | null)[], scanNextId: bigint): void {
    const upsert = this.#db.query('INSERT OR REPLACE INTO owners (contract, token_id, owner) VALUES (?, ?, ?)');
    const remove = this.#db.query('DELETE FROM owners WHERE contract = ? AND token_id = ?');
    this.#db.transaction(() => {
      ids.forEach((id, i) => {
        const owner = owners[i] ?? null;
        if (owner === null) remove.run(key, String(id));
        else upsert.run(key, String(id), owner.toLowerCase());
      });
      this.#db.query('UPDATE contracts SET scan_next_id = ? WHERE key = ?').run(String(scanNextId), key);
    })();
  }

  /** The scan is complete and current as of its first pinned block (`hash`); logs are applied from there on. */
  finishScan(key: string, hash: Hex, at: number): void {
    this.#db
      .query(
        "UPDATE contracts SET status = 'ready', last_block = replay_from, last_block_hash = ?, updated_at = ? WHERE key = ?",
      )
      .run(hash, at, key);
  }

  /** Applies Transfers in chain order and records the block they are applied through. */
  applyTransfers(key: string, events: readonly TransferEvent[], throughBlock: bigint): void {
    const upsert = this.#db.query('INSERT OR REPLACE INTO owners (contract, token_id, owner) VALUES (?, ?, ?)');
    const remove = this.#db.query('DELETE FROM owners WHERE contract = ? AND token_id = ?');
    this.#db.transaction(() => {
      for (const event of events) {
        if (event.to === null) remove.run(key, String(event.tokenId));
        else upsert.run(key, String(event.tokenId), event.to.toLowerCase());
      }
      this.#db.query('UPDATE contracts SET last_block = ? WHERE key = ?').run(String(throughBlock), key);
    })();
  }

  /** The index reached the chain head `hash` at `at` (unix ms). */
  markCurrent(key: string, hash: Hex, at: number): void {
    this.#db.query('UPDATE contracts SET last_block_hash = ?, updated_at = ? WHERE key = ?').run(hash, at, key);
  }

  /** Token ids `owner` holds, as decimal strings in numeric order. */
  tokensOf(key: string, owner: string): string[] {
    return this.#tokensOf
      .all(key, owner.toLowerCase())
      .map((row) => row.token_id)
      .sort(compareDecimal);
  }

  tokenCount(key: string): number {
    return (
      this.#db.query<{ n: number }, [string]>('SELECT count(*) AS n FROM owners WHERE contract = ?').get(key)?.n ?? 0
    );
  }

  saveIndexerAnswer(key: string, wallet: string, answer: IndexerAnswer): void {
    this.#db
      .query(
        'INSERT OR REPLACE INTO indexer_answers (contract, wallet, token_ids, block_number, updated_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(
        key,
        wallet.toLowerCase(),
        JSON.stringify(answer.tokenIds),
        answer.blockNumber === null ? null : String(answer.blockNumber),
        answer.updatedAt,
      );
  }

  indexerAnswer(key: string, wallet: string): IndexerAnswer | null {
    const row = this.#db
      .query<{ token_ids: string; block_number: string | null; updated_at: number }, [string, string]>(
        'SELECT token_ids, block_number, updated_at FROM indexer_answers WHERE contract = ? AND wallet = ?',
      )
      .get(key, wallet.toLowerCase());
    if (row === null) return null;
    return {
      tokenIds: JSON.parse(row.token_ids) as string[],
      blockNumber: big(row.block_number),
      updatedAt: row.updated_at,
    };
  }

  ping(): void {
    this.#db.query('SELECT 1').get();
  }
}

/** Numeric order of non-negative decimal strings without leading zeros. */
export function compareDecimal(a: string, b: string): number {
  return a.length === b.length ? (a < b ? -1 : a > b ? 1 : 0) : a.length - b.length;
}
