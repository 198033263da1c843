import { beforeAll, describe, expect, test } from 'bun:test';
import { bytesToHex } from '@noble/hashes/utils.js';
import sodium from 'libsodium-wrappers';
import type { CallAnswer, CallOffer, Rekey } from '../../src/signal/signal.ts';
import { decodeSignal, encodeSignal } from '../../src/signal/signal-codec.ts';
import {
  callAnswerSignedBytes,
  callOfferSignedBytes,
  hangupForSignatureFailure,
  type IdentityKeypair,
  initSignatures,
  rekeySignedBytes,
  signCallAnswer,
  signCallOffer,
  signRekey,
  verifyCallAnswer,
  verifyCallOffer,
  verifyRekey,
} from '../../src/signal/signatures.ts';

let caller: IdentityKeypair;
let callee: IdentityKeypair;
const ephemeral = new Uint8Array(32).fill(0x42);
const sessionId = Uint8Array.of(0xde, 0xad, 0xbe, 0xef);

beforeAll(async () => {
  await initSignatures();
  const keypair = (fill: number) => {
    const { publicKey, privateKey } = sodium.crypto_sign_seed_keypair(new Uint8Array(32).fill(fill));
    return { publicKey, secretKey: privateKey };
  };
  caller = keypair(1);
  callee = keypair(2);
});

const flip = (bytes: Uint8Array, index = 0) => {
  const copy = bytes.slice();
  copy[index] = (copy[index] ?? 0) ^ 0x01;
  return copy;
};

describe('signal signatures', () => {
  test('the signed byte strings are the key followed by the ASCII text or the 4-byte session id', () => {
    expect(bytesToHex(callOfferSignedBytes(ephemeral))).toBe(`${'42'.repeat(32)}63616c6c2d6f66666572`);
    expect(bytesToHex(callAnswerSignedBytes(ephemeral))).toBe(`${'42'.repeat(32)}63616c6c2d616e73776572`);
    expect(bytesToHex(rekeySignedBytes(ephemeral, sessionId))).toBe(`${'42'.repeat(32)}deadbeef`);
  });

  test('a signed CallOffer verifies after a trip through the codec', () => {
    const offer = signCallOffer({ identity: caller, ephemeralPub: ephemeral, supportedProfiles: ['GOOD'], room: null });
    expect(verifyCallOffer(decodeSignal(encodeSignal(offer)) as CallOffer)).toEqual({ ok: true });
    expect(verifyCallOffer(offer, caller.publicKey)).toEqual({ ok: true });
  });

  test('a signed CallAnswer and a signed Rekey verify', () => {
    const answer = signCallAnswer({ identity: callee, ephemeralPub: ephemeral, chosenProfile: 'DEGRADED' });
    expect(verifyCallAnswer(answer, callee.publicKey)).toEqual({ ok: true });
    const rekey = signRekey({ identity: callee, newEphemeralPub: ephemeral, sessionId });
    expect(verifyRekey(rekey, { peerIdentityPub: callee.publicKey, sessionId })).toEqual({ ok: true });
  });

  const offer = () =>
    signCallOffer({ identity: caller, ephemeralPub: ephemeral, supportedProfiles: ['GOOD'], room: 'lobby' });
  const answer = () => signCallAnswer({ identity: callee, ephemeralPub: ephemeral, chosenProfile: 'GOOD' });

  test.each<[string, () => ReturnType<typeof verifyCallOffer>, string, string]>([
    [
      'an offer whose ephemeral key was changed',
      () => verifyCallOffer({ ...offer(), ephemeralPub: flip(ephemeral) }),
      'bad_signature',
      'BadSignature',
    ],
    [
      'an offer whose signature was changed',
      () => verifyCallOffer({ ...offer(), signature: flip(offer().signature, 63) }),
      'bad_signature',
      'BadSignature',
    ],
    [
      'an offer carrying another identity key',
      () => verifyCallOffer({ ...offer(), identityPub: callee.publicKey }),
      'bad_signature',
      'BadSignature',
    ],
    [
      'an offer with an all-zero identity key',
      () => verifyCallOffer({ ...offer(), identityPub: new Uint8Array(32) }),
      'bad_signature',
      'BadSignature',
    ],
    [
      'an answer signature replayed as an offer',
      () => verifyCallOffer({ ...offer(), signature: answer().signature, identityPub: callee.publicKey }),
      'bad_signature',
      'BadSignature',
    ],
    [
      'an answer signed by someone other than the pinned callee',
      () => verifyCallAnswer(answer(), caller.publicKey),
      'identity_mismatch',
      'IdentityMismatch',
    ],
    [
      'an answer whose signature was changed',
      () => verifyCallAnswer({ ...answer(), signature: flip(answer().signature) } as CallAnswer),
      'bad_signature',
      'BadSignature',
    ],
    [
      'a rekey checked against another session id',
      () =>
        verifyRekey(signRekey({ identity: callee, newEphemeralPub: ephemeral, sessionId }), {
          peerIdentityPub: callee.publicKey,
          sessionId: flip(sessionId),
        }),
      'bad_signature',
      'BadSignature',
    ],
    [
      'a rekey signed by the wrong identity',
      () =>
        verifyRekey(signRekey({ identity: caller, newEphemeralPub: ephemeral, sessionId }) as Rekey, {
          peerIdentityPub: callee.publicKey,
          sessionId,
        }),
      'bad_signature',
      'BadSignature',
    ],
  ])('%s is refused and answered with the matching Hangup reason', (_name, run, reason, hangupReason) => {
    const result = run();
    if (result.ok) throw new Error('expected the verification to fail');
    expect(result.failure.reason).toBe(reason as typeof result.failure.reason);
    expect(hangupForSignatureFailure(result.failure)).toEqual({
      type: 'Hangup',
      reason: hangupReason as 'BadSignature',
    });
  });

  test('a session id that is not 4 bytes is refused rather than signed', () => {
    expect(() => rekeySignedBytes(ephemeral, new Uint8Array(16))).toThrow('session_id must be 4 bytes');
  });
});
