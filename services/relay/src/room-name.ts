// Room names as config and flags give them (global_rooms, --global-room, debug_tap).

/** Control characters would garble the log lines and event records that carry room names. */
const CONTROL = /\p{Cc}/u;

/** Returns `text` when it is a usable room name: not empty, no surrounding blanks, no control characters. */
export function parseRoomName(text: string): string {
  if (text === '') throw new Error('a room name must not be empty');
  if (text.trim() !== text) throw new Error(`room name '${text}' has leading or trailing blanks`);
  if (CONTROL.test(text)) throw new Error(`room name ${JSON.stringify(text)} contains a control character`);
  return text;
}
