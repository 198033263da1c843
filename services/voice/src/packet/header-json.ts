// Header JSON: the interop form of a media header (`{"version":1,"repair":false,"codec":3,...}`), strictly parsed.

import { InvalidVectorInputError } from '../errors.ts';
import type { CodecId } from './codec-id.ts';
import { MEDIA_VERSION, type MediaHeader, validateMediaHeader } from './media-header.ts';

export interface MediaHeaderJson {
  version: number;
  repair: boolean;
  codec: number;
  quality: boolean;
  fec_ratio: number;
  seq: number;
  timestamp: number;
  block: number;
  symbol: number;
  csrc: number;
}

const BOOLEAN_FIELDS = ['repair', 'quality'] as const;
const NUMBER_FIELDS = ['version', 'codec', 'fec_ratio', 'seq', 'timestamp', 'block', 'symbol', 'csrc'] as const;
const ALL_FIELDS: ReadonlySet<string> = new Set<string>([...BOOLEAN_FIELDS, ...NUMBER_FIELDS]);

/** Parses and validates the JSON form; unknown or missing fields and wrong types are InvalidVectorInputError. */
export function parseMediaHeaderJson(input: string | object): MediaHeader {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (cause) {
      throw new InvalidVectorInputError({ field: 'json', message: `not valid JSON (${String(cause)})` });
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidVectorInputError({ field: 'json', message: 'must be a JSON object' });
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!ALL_FIELDS.has(key)) throw new InvalidVectorInputError({ field: key, message: 'unknown field' });
  }
  for (const key of BOOLEAN_FIELDS) {
    if (typeof record[key] !== 'boolean')
      throw new InvalidVectorInputError({ field: key, message: 'must be a boolean' });
  }
  for (const key of NUMBER_FIELDS) {
    if (typeof record[key] !== 'number') throw new InvalidVectorInputError({ field: key, message: 'must be a number' });
  }
  const json = record as unknown as MediaHeaderJson;
  if (json.version !== MEDIA_VERSION) {
    throw new InvalidVectorInputError({ field: 'version', message: `must be ${MEDIA_VERSION}` });
  }
  const header: MediaHeader = {
    version: MEDIA_VERSION,
    repair: json.repair,
    codec: json.codec as CodecId,
    quality: json.quality,
    fecRatio: json.fec_ratio,
    seq: json.seq,
    timestamp: json.timestamp,
    block: json.block,
    symbol: json.symbol,
    csrc: json.csrc,
  };
  validateMediaHeader(header);
  return header;
}

export function mediaHeaderToJson(header: MediaHeader): MediaHeaderJson {
  return {
    version: header.version,
    repair: header.repair,
    codec: header.codec,
    quality: header.quality,
    fec_ratio: header.fecRatio,
    seq: header.seq,
    timestamp: header.timestamp,
    block: header.block,
    symbol: header.symbol,
    csrc: header.csrc,
  };
}
