import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

// Headers of every answer: the back office must not be framed by another site (clickjacking), and
// a script that slipped into a page could load nothing from elsewhere. A route that sets one of
// these itself (the files routes' sandbox CSP for downloads) keeps its own.

/** Where the browser reaches the object store itself (signed GET/PUT URLs, the `sts` form upload). */
export function objectStoreOrigins(config: Config): string[] {
  if (!config.S3_BUCKET) return [];
  if (config.S3_ENDPOINT) {
    const endpoint = new URL(config.S3_ENDPOINT);
    const pathStyle = config.S3_FORCE_PATH_STYLE !== '0' && config.S3_FORCE_PATH_STYLE !== 'false';
    // Virtual-hosted style puts the bucket before the endpoint's host.
    return [pathStyle ? endpoint.origin : `${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`];
  }
  const region = config.S3_REGION;
  return [
    `https://${config.S3_BUCKET}.s3.${region}.amazonaws.com`,
    `https://${config.S3_BUCKET}.s3.amazonaws.com`,
    // Bucket names with dots cannot be hosts under TLS: the SDK falls back to path style.
    `https://s3.${region}.amazonaws.com`,
  ];
}

export function contentSecurityPolicy(config: Config): string {
  const store = objectStoreOrigins(config).join(' ');
  const andStore = (...sources: string[]) => [...sources, store].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // antd's CSS-in-JS writes <style> elements and style attributes at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${andStore("'self'", 'data:', 'blob:')}`,
    `media-src ${andStore("'self'", 'blob:')}`,
    // The report PDF preview is shown in the page from the bytes the server answered (issue 28).
    "frame-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src ${andStore("'self'")}`,
    `form-action ${andStore("'self'")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

// No feature the back office uses (uploads take photos through the file picker, not the camera API).
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const HSTS = 'strict-transport-security';

export function securityHeaders(server: FastifyInstance, config: Config): void {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(config),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
  };
  // Only where the product is served over TLS: over plain HTTP the browser ignores it anyway, and
  // a localhost answer must not pin https on every other port of that host. Over TLS means an https
  // PUBLIC_URL, or a request that came over TLS: to this server, or to a proxy it trusts
  // (TRUST_PROXY) that says so in X-Forwarded-Proto (`request.protocol` reads it only then).
  const alwaysHsts = config.publicUrl.startsWith('https:');
  server.addHook('onSend', (request, reply, payload, done) => {
    if ((alwaysHsts || request.protocol === 'https') && !reply.hasHeader(HSTS))
      reply.header(HSTS, 'max-age=31536000');
    // A file answer is not a page of the app: the files routes give it a CSP of its own, or none
    // for a PDF, whose Chrome viewer an `object-src 'none'` would block.
    const file = reply.hasHeader('content-disposition');
    for (const [name, value] of Object.entries(headers)) {
      if (reply.hasHeader(name) || (file && name === 'content-security-policy')) continue;
      reply.header(name, value);
    }
    done(null, payload);
  });
}
