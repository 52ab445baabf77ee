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

/** Raster images (webp: the thumbnails): the only stored types a browser may show inline (they cannot run anything). */
const INLINE_SAFE_TYPES = new Set(['image/png', 'image/jpeg', 'image/bmp', 'image/webp']);

/**
 * Whether a browser could render `contentType` as a document (html, svg, xml, pdf, or anything
 * unknown): such answers are attachments with `Content-Security-Policy: sandbox`.
 */
export function mayRender(contentType: string): boolean {
  return !INLINE_SAFE_TYPES.has(contentType.split(';')[0]!.trim().toLowerCase());
}

/** `disposition` as it may be answered for `contentType`: inline only for raster images. */
export function safeDisposition(disposition: string, contentType: string): string {
  return mayRender(contentType) ? disposition.replace(/^\s*inline\b/i, 'attachment') : disposition;
}
