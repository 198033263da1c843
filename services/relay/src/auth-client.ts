// The relay's token check: POST {auth_url} with the client's bearer token; the answer is {valid, fingerprint, alias}.
// Anything else (an error status, a body that is not that shape, a timeout, a refused connection) is a refusal.

const AUTH_TIMEOUT_MS = 5_000;

export type AuthResult =
  | { readonly valid: true; readonly fingerprint: string; readonly alias: string | null }
  | { readonly valid: false; readonly reason: string };

export async function authenticateToken(authUrl: string, token: string): Promise<AuthResult> {
  let response: Response;
  try {
    response = await fetch(authUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(AUTH_TIMEOUT_MS),
    });
  } catch (error) {
    return { valid: false, reason: `auth_url unreachable: ${(error as Error).message}` };
  }
  if (!response.ok) return { valid: false, reason: `auth_url answered ${response.status}` };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { valid: false, reason: 'auth_url answered something other than JSON' };
  }
  if (typeof body !== 'object' || body === null) return { valid: false, reason: 'auth_url answer is not an object' };
  const { valid, fingerprint, alias } = body as Record<string, unknown>;
  if (valid !== true) return { valid: false, reason: 'token not valid' };
  if (typeof fingerprint !== 'string' || fingerprint.length === 0) {
    return { valid: false, reason: 'auth_url answer has no fingerprint' };
  }
  return { valid: true, fingerprint, alias: typeof alias === 'string' ? alias : null };
}
