// The auth_url check: an absolute http or https URL the relay POSTs tokens to.

/** Returns `text` unchanged when it is an absolute http(s) URL with a host; throws otherwise. */
export function parseHttpUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`'${text}' is not a URL such as http://127.0.0.1:7700/v1/auth/validate`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`'${text}' is not http or https`);
  if (url.hostname === '') throw new Error(`'${text}' has no host`);
  return text;
}
