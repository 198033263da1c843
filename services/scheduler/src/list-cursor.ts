// The opaque cursor of GET /tasks pages: the (execute_at, id) of the last task of the previous page.

import type { ListCursor } from './task-store.ts';

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(`${cursor.executeAt}.${cursor.id}`).toString('base64url');
}

/** Returns `null` for anything that is not a cursor this service produced. */
export function decodeCursor(text: string): ListCursor | null {
  const match = /^(-?\d{1,16})\.([0-9a-f-]{36})$/.exec(Buffer.from(text, 'base64url').toString());
  if (match === null) return null;
  const [, executeAt = '', id = ''] = match;
  return { executeAt: Number(executeAt), id };
}
