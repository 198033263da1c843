// The native AEAD must produce exactly the WASM default's bytes: checked on RFC 8439's vectors, across lengths,
// and through the packet sealer and opener with one side on each backend.

import { describe, expect, test } from 'bun:test';
import { Direction, fromHex, PacketOpener, PacketSealer, toHex, wasmAead } from '@keel/voice';
import vectors from '../../services/voice/test/vectors/chacha20-poly1305.json';
import { nativeAead } from '../src/sodium-aead.ts';

const key = new Uint8Array(32).fill(0x42);
const nonce = Uint8Array.of(1, 2, 3, 4, 0, 0, 0, 9, 1, 0, 0, 0);
const aad = new Uint8Array(12).fill(0xa5);

describe('nativeAead', () => {
  test.each(vectors.map((vector) => [vector.source, vector] as const))('%s', (_source, vector) => {
    const [k, n, a, m] = [vector.key, vector.nonce, vector.aad, vector.plaintext].map((hex) => fromHex('vector', hex));
    const sealed = nativeAead.encrypt(k as Uint8Array, n as Uint8Array, a as Uint8Array, m as Uint8Array);
    expect(toHex(sealed)).toBe(vector.ciphertext + vector.tag);
    expect(nativeAead.decrypt(k as Uint8Array, n as Uint8Array, a as Uint8Array, sealed)).toEqual(m as Uint8Array);
  });

  test.each([0, 1, 15, 16, 17, 60, 255, 1200])(
    'a %i-byte message seals to the WASM bytes and opens both ways',
    (length) => {
      const message = Uint8Array.from({ length }, (_, i) => (i * 7) & 0xff);
      const native = nativeAead.encrypt(key, nonce, aad, message);
      expect(native).toEqual(wasmAead.encrypt(key, nonce, aad, message));
      expect(wasmAead.decrypt(key, nonce, aad, native)).toEqual(message);
      expect(nativeAead.decrypt(key, nonce, aad, native)).toEqual(message);
    },
  );

  test('an empty associated data is accepted', () => {
    const sealed = nativeAead.encrypt(key, nonce, new Uint8Array(0), Uint8Array.of(1, 2));
    expect(sealed).toEqual(wasmAead.encrypt(key, nonce, new Uint8Array(0), Uint8Array.of(1, 2)));
  });

  const sealed = nativeAead.encrypt(key, nonce, aad, new Uint8Array(60).fill(3));
  type Inputs = () => [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  test.each<[string, Inputs]>([
    ['a flipped ciphertext bit', () => [key, nonce, aad, flip(sealed, 0)]],
    ['a flipped tag bit', () => [key, nonce, aad, flip(sealed, sealed.length - 1)]],
    ['a different header', () => [key, nonce, flip(aad, 3), sealed]],
    ['another nonce', () => [key, flip(nonce, 11), aad, sealed]],
    ['another key', () => [flip(key, 0), nonce, aad, sealed]],
    ['fewer bytes than a tag', () => [key, nonce, aad, sealed.slice(0, 15)]],
    ['an empty input', () => [key, nonce, aad, new Uint8Array(0)]],
  ])('%s opens to null', (_name, inputs) => {
    const [k, n, a, s] = inputs();
    expect(nativeAead.decrypt(k, n, a, s)).toBeNull();
  });
});

test('a native sealer and a WASM opener (and the reverse) carry a stream of packets', () => {
  const sessionKey = new Uint8Array(32).fill(9);
  const header = { repair: false, codec: 1, fecRatio: 20, timestamp: 0, block: 0, symbol: 0, csrc: 0 } as const;
  for (const [sealWith, openWith] of [
    [nativeAead, wasmAead],
    [wasmAead, nativeAead],
  ]) {
    const sealer = new PacketSealer({ key: sessionKey, direction: Direction.FromCallee, aead: sealWith });
    const opener = new PacketOpener({ key: sessionKey, direction: Direction.FromCallee, aead: openWith });
    for (let i = 0; i < 100; i++) {
      const payload = Uint8Array.of(i, i + 1, i + 2);
      const opened = opener.open(0, sealer.seal(header, payload).packet);
      expect(opened.kind === 'opened' && opened.payload).toEqual(payload);
    }
  }
});

function flip(bytes: Uint8Array, at: number): Uint8Array {
  const copy = bytes.slice();
  copy[at] = (copy[at] as number) ^ 1;
  return copy;
}
