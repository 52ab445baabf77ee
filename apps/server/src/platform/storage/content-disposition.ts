/**
 * `Content-Disposition` with a UTF-8 file name (RFC 6266 + RFC 5987): an ASCII fallback for old
 * clients and `filename*=UTF-8''…` that every current browser prefers, so Chinese names survive.
 */
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_').trim() || 'download';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
