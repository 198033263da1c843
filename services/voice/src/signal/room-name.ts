// Room names: what a CallOffer's `room` may hold, and so what relays, their configs and clients accept.

/** Safe in logs, metric labels and TOML without quoting: 1-64 of A-Z a-z 0-9 . _ -, first a letter or digit. */
export const ROOM_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const ROOM_NAME_RULE = '1-64 of A-Z a-z 0-9 . _ - starting with a letter or digit';

/** Returns `text` when it is a room name; throws an Error naming the rule otherwise. */
export function parseRoomName(text: string): string {
  if (!ROOM_NAME.test(text)) throw new Error(`'${text}' is not a room name: ${ROOM_NAME_RULE}`);
  return text;
}
