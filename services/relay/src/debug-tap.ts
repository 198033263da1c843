// The debug tap setting: log packet headers of every room (`*`) or of one named room.

import { parseRoomName } from '@keel/voice';

export type DebugTap = { readonly kind: 'all-rooms' } | { readonly kind: 'room'; readonly room: string };

const ALL_ROOMS = '*';

export function parseDebugTap(text: string): DebugTap {
  return text === ALL_ROOMS ? { kind: 'all-rooms' } : { kind: 'room', room: parseRoomName(text) };
}
