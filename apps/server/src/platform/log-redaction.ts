// What the log must not hold (issue 32): passwords, tokens and signatures that travel in a URL's
// query (a share link's `pwd`, a download's `token`, a signed URL's `sig`), and credentials in
// headers wherever a plugin logs a request's headers.

/** Query parameters whose values are credentials; their values are replaced in the access line. */
const SECRET_PARAMS = new Set([
  'pwd',
  'password',
  'token',
  'sig',
  'signature',
  'code',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);

/** `/api/short-url/a?pwd=x&y=1` → `/api/short-url/a?pwd=[redacted]&y=1`; other URLs unchanged. */
export function redactedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_PARAMS.has(safeDecode(name).toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** pino's redact paths: the headers as Fastify and its plugins log them. */
export const LOG_REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'busboyOptions.headers.authorization',
  'busboyOptions.headers.cookie',
];
