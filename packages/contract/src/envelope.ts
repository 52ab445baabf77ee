// Envelope v2 (PROTOCOL.md) on WebCrypto only, so the browser, Node and the CLI share one implementation.
//   K = 80 random bytes: cryptKey K[0..32) AES-256-CBC, authKey K[32..64) HMAC-SHA256, sessionNonce K[64..80).
//   wrappedKey = base64(RSA-OAEP-256(K)); seal(text) = base64(iv ‖ AES-CBC(text) ‖ HMAC(iv ‖ ct)).

export const CLIENT_KEY_BYTES = 80;
export const IV_BYTES = 16;
export const TAG_BYTES = 32;
export const NONCE_BYTES = 16;

const subtle = (): SubtleCrypto => {
  const s = globalThis.crypto?.subtle;
  // WebCrypto exists only in secure contexts (https, localhost); say so instead of failing obscurely.
  if (!s) throw new Error('WebCrypto is unavailable: serve QCDesk over https or localhost');
  return s;
};

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export class IntegrityError extends Error {
  constructor(message = 'UnAuthenticated') {
    super(message);
    this.name = 'IntegrityError';
  }
}

export function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n);
  globalThis.crypto.getRandomValues(out);
  return out;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw new IntegrityError('bad base64');
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function sha256(data: Uint8Array | string): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return new Uint8Array(await subtle().digest('SHA-256', bytes as BufferSource));
}

export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  return toHex(await sha256(data));
}

function pemBody(pem: string): Uint8Array<ArrayBuffer> {
  const b64 = pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  return fromBase64(b64);
}

function toPem(label: string, der: Uint8Array): string {
  const lines = toBase64(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

const RSA_OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

/** keyId = first 16 hex chars of SHA-256 of the SPKI DER. */
export async function keyIdOf(publicKeyPem: string): Promise<string> {
  return (await sha256Hex(pemBody(publicKeyPem))).slice(0, 16);
}

export async function importPublicKey(publicKeyPem: string): Promise<CryptoKey> {
  return subtle().importKey('spki', pemBody(publicKeyPem), RSA_OAEP, false, ['encrypt']);
}

export async function importPrivateKey(privateKeyPem: string): Promise<CryptoKey> {
  return subtle().importKey('pkcs8', pemBody(privateKeyPem), RSA_OAEP, false, ['decrypt']);
}

export interface RsaKeyPairPem {
  keyId: string;
  publicKey: string;
  privateKey: string;
}

export async function generateRsaKeyPair(): Promise<RsaKeyPairPem> {
  const pair = await subtle().generateKey(
    { ...RSA_OAEP, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  const publicKey = toPem('PUBLIC KEY', new Uint8Array(await subtle().exportKey('spki', pair.publicKey)));
  const privateKey = toPem('PRIVATE KEY', new Uint8Array(await subtle().exportKey('pkcs8', pair.privateKey)));
  return { keyId: await keyIdOf(publicKey), publicKey, privateKey };
}

export function makeClientKey(): Uint8Array<ArrayBuffer> {
  return randomBytes(CLIENT_KEY_BYTES);
}

export async function wrapClientKey(publicKey: CryptoKey, clientKey: Uint8Array): Promise<string> {
  const wrapped = await subtle().encrypt(RSA_OAEP, publicKey, clientKey as BufferSource);
  return toBase64(new Uint8Array(wrapped));
}

export async function unwrapClientKey(privateKey: CryptoKey, wrappedKey: string): Promise<Uint8Array> {
  let raw: ArrayBuffer;
  try {
    raw = await subtle().decrypt(RSA_OAEP, privateKey, fromBase64(wrappedKey));
  } catch {
    throw new IntegrityError('key cannot be unwrapped');
  }
  if (raw.byteLength !== CLIENT_KEY_BYTES) throw new IntegrityError('client key has the wrong length');
  return new Uint8Array(raw);
}

/** The imported halves of a client key; import once, seal and open many times. */
export interface SessionKeys {
  cryptKey: CryptoKey;
  authKey: CryptoKey;
  sessionNonce: Uint8Array;
}

export async function importClientKey(clientKey: Uint8Array): Promise<SessionKeys> {
  if (clientKey.length !== CLIENT_KEY_BYTES) throw new Error(`client key must be ${CLIENT_KEY_BYTES} bytes`);
  const s = subtle();
  const [cryptKey, authKey] = await Promise.all([
    s.importKey('raw', clientKey.slice(0, 32), { name: 'AES-CBC' }, false, ['encrypt', 'decrypt']),
    s.importKey('raw', clientKey.slice(32, 64), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']),
  ]);
  return { cryptKey, authKey, sessionNonce: clientKey.slice(64, 80) };
}

/** seal(K, text) = base64(iv ‖ ct ‖ tag). `iv` is only passed by the test vectors. */
export async function seal(
  keys: SessionKeys,
  text: string,
  iv: Uint8Array = randomBytes(IV_BYTES),
): Promise<string> {
  const s = subtle();
  const ct = new Uint8Array(
    await s.encrypt({ name: 'AES-CBC', iv: iv as BufferSource }, keys.cryptKey, encoder.encode(text)),
  );
  const signed = new Uint8Array(iv.length + ct.length);
  signed.set(iv, 0);
  signed.set(ct, iv.length);
  const tag = new Uint8Array(await s.sign('HMAC', keys.authKey, signed));
  const out = new Uint8Array(signed.length + TAG_BYTES);
  out.set(signed, 0);
  out.set(tag, signed.length);
  return toBase64(out);
}

/** Checks the tag (WebCrypto's verify compares in constant time) before decrypting. */
export async function open(keys: SessionKeys, sealed: string): Promise<string> {
  const bytes = fromBase64(sealed);
  // iv + at least one AES block + tag
  if (bytes.length < IV_BYTES + 16 + TAG_BYTES || (bytes.length - IV_BYTES - TAG_BYTES) % 16 !== 0) {
    throw new IntegrityError('sealed text has the wrong length');
  }
  const signed = bytes.subarray(0, bytes.length - TAG_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const s = subtle();
  const ok = await s.verify('HMAC', keys.authKey, tag, signed);
  if (!ok) throw new IntegrityError('tag mismatch');
  try {
    const plain = await s.decrypt(
      { name: 'AES-CBC', iv: signed.subarray(0, IV_BYTES) },
      keys.cryptKey,
      signed.subarray(IV_BYTES),
    );
    return decoder.decode(plain);
  } catch {
    throw new IntegrityError('bad padding');
  }
}

/** Small LRU keyed by string; used for unwrapped client keys (by SHA-256 of wrappedKey). */
export class KeyCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly capacity = 10_000) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface EnvelopePayload {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  ts: number;
  nonce: string;
  body: unknown;
}

export function makePayload(
  method: EnvelopePayload['method'],
  body: unknown,
  now = Date.now(),
): EnvelopePayload {
  return { method, ts: Math.floor(now / 1000), nonce: toBase64(randomBytes(NONCE_BYTES)), body: body ?? {} };
}

/**
 * One client's side of the envelope: keeps one K for its lifetime (a browser tab, a CLI run),
 * so the server can cache the unwrapped key. `reset()` after an "Invalid EncryptedMessage".
 */
export class EnvelopeClient {
  private state: Promise<{ keyId: string; wrappedKey: string; keys: SessionKeys }> | undefined;

  constructor(private readonly fetchPublicKey: () => Promise<{ keyId: string; publicKey: string }>) {}

  private ensure() {
    this.state ??= (async () => {
      const { keyId, publicKey } = await this.fetchPublicKey();
      const clientKey = makeClientKey();
      const wrappedKey = await wrapClientKey(await importPublicKey(publicKey), clientKey);
      return { keyId, wrappedKey, keys: await importClientKey(clientKey) };
    })();
    this.state.catch(() => {
      this.state = undefined;
    });
    return this.state;
  }

  reset(): void {
    this.state = undefined;
  }

  async sealRequest(
    method: EnvelopePayload['method'],
    body: unknown,
  ): Promise<{ key: string; data: string }> {
    const { keyId, wrappedKey, keys } = await this.ensure();
    return {
      key: `${keyId}.${wrappedKey}`,
      data: await seal(keys, JSON.stringify(makePayload(method, body))),
    };
  }

  /**
   * Seals one call and returns an opener bound to the key it was sealed with, so a `reset()` by a
   * concurrent call cannot make this call's answer unreadable.
   */
  async sealCall(
    method: EnvelopePayload['method'],
    body: unknown,
  ): Promise<{ body: { key: string; data: string }; open: (sealed: string) => Promise<unknown> }> {
    const { keyId, wrappedKey, keys } = await this.ensure();
    return {
      body: {
        key: `${keyId}.${wrappedKey}`,
        data: await seal(keys, JSON.stringify(makePayload(method, body))),
      },
      open: async (sealed) => JSON.parse(await open(keys, sealed)),
    };
  }

  async openResponse(sealed: string): Promise<unknown> {
    const { keys } = await this.ensure();
    return JSON.parse(await open(keys, sealed));
  }
}
