// Publish bodies: UTF-8 text under ntfy's 4,096-byte message limit, else refused as ntfy refuses attachments.

import { errors } from './errors.ts';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** ntfy's message-size-limit: a body of this many bytes or more would become an attachment. */
export const MESSAGE_SIZE_LIMIT = 4096;

/**
 * Reads the body, stopping at `limit` bytes. Returns the text, or the error to answer once the parameters have
 * been checked: ntfy reports parameter errors before body errors.
 */
export async function readMessageBody(request: Request, limit = MESSAGE_SIZE_LIMIT): Promise<string | Error> {
  if (request.body === null) return '';
  const declared = request.headers.get('content-length');
  let bytes: Uint8Array;
  if (declared !== null) {
    // Sized bodies (nearly all) are refused unread when too large, else read in one native call.
    if (Number(declared) >= limit) return errors.attachmentsNotAllowed();
    bytes = await request.bytes();
  } else {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of request.body) {
      size += chunk.byteLength;
      // Leaving the loop cancels the rest of the upload.
      if (size >= limit) return errors.attachmentsNotAllowed();
      chunks.push(chunk);
    }
    bytes = Buffer.concat(chunks);
  }
  try {
    return decoder.decode(bytes);
  } catch {
    // Not UTF-8: ntfy would make it an attachment, which this server does not keep.
    return errors.attachmentsNotAllowed();
  }
}
