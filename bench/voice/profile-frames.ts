// Real codec frames per quality profile: speech-like PCM through the profile's codec, for the FEC and bitrate
// measurements (frame sizes vary with the signal, so synthetic byte strings would misstate both).

import { pcmSamplesFor, VoiceCodecs } from '@keel/native';
import { MEDIA_PROFILES, type MediaProfile, QUALITY_TIERS } from '@keel/voice';
import { speechSignal } from '../../native/test/speech-signal.ts';

export interface ProfileFrames {
  readonly profile: MediaProfile;
  readonly frames: Uint8Array[];
}

/** `seconds` of speech encoded with each tier's codec. */
export function encodeProfiles(seconds: number): ProfileFrames[] {
  const codecs = new VoiceCodecs();
  const speech = speechSignal(seconds * 48_000);
  try {
    return QUALITY_TIERS.map((tier) => {
      const profile = MEDIA_PROFILES[tier];
      const samples = pcmSamplesFor(profile.codec);
      const frames: Uint8Array[] = [];
      for (let at = 0; at + samples <= speech.length; at += samples) {
        frames.push(codecs.encode(profile.codec, speech.subarray(at, at + samples)));
      }
      return { profile, frames };
    });
  } finally {
    codecs.destroy();
  }
}
