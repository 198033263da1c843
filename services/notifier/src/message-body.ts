// Publish bodies: UTF-8 text under ntfy's 4,096-byte message limit, else refused as ntfy refuses attachments.

import { errors } from './errors.ts';

/** ntfy's message-size-limit: a body of this many bytes or more would become an attachment. */
export const MESSAGE_SIZE_LIMIT = 4096;

/**
 * Reads the body, stopping at `limit` bytes. Returns the text, or the error to answer once the parameters have
 * been checked: ntfy reports parameter errors before body errors.
 */
export async function readMessageBody(request: Request, limit = MESSAGE_SIZE_LIMIT): Promise<string | Error> {
  if (request.body === null) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    // Leaving the loop cancels the rest of the upload.
    if (size >= limit) return errors.attachmentsNotAllowed();
    chunks.push(chunk);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    // Not UTF-8: ntfy would make it an attachment, which this server does not keep.
    return errors.attachmentsNotAllowed();
  }
}
