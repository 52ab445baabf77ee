import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createPrivateKey,
  type KeyObject,
  privateDecrypt,
  randomBytes,
  constants as rsa,
  timingSafeEqual,
} from 'node:crypto';
import { CLIENT_KEY_BYTES, IntegrityError, IV_BYTES, TAG_BYTES } from '@qcdesk/contract/envelope';

// The server's side of envelope v2 on node:crypto: the same bytes as the contract's WebCrypto
// implementation (both are tested against the shipped vectors), about ten times faster for
// AES/HMAC, which every call pays twice (docs/adr/0002).

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeBase64(text: string): Buffer {
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw new IntegrityError('bad base64');
  return Buffer.from(text, 'base64');
}

export function importPrivateKeyPem(pem: string): KeyObject {
  return createPrivateKey(pem);
}

export function unwrapClientKeyNode(privateKey: KeyObject, wrappedKey: string): Buffer {
  let key: Buffer;
  try {
    key = privateDecrypt(
      { key: privateKey, padding: rsa.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      decodeBase64(wrappedKey),
    );
  } catch {
    throw new IntegrityError('key cannot be unwrapped');
  }
  if (key.length !== CLIENT_KEY_BYTES) throw new IntegrityError('client key has the wrong length');
  return key;
}

/**
 * A fresh IV from a pool of random bytes drawn 256 IVs at a time: each answer's IV is still
 * unpredictable and never reused, without a call into the random source per answer (issue 33).
 */
const IV_POOL_BYTES = 256 * IV_BYTES;
let ivPool = Buffer.alloc(0);
let ivOffset = 0;
function freshIv(): Buffer {
  if (ivOffset + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_POOL_BYTES);
    ivOffset = 0;
  }
  const iv = ivPool.subarray(ivOffset, ivOffset + IV_BYTES);
  ivOffset += IV_BYTES;
  return iv;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** One client's key on the server: seal answers, open requests. */
export class NodeSession {
  private readonly cryptKey: Buffer;
  private readonly authKey: Buffer;

  constructor(clientKey: Uint8Array) {
    if (clientKey.length !== CLIENT_KEY_BYTES)
      throw new Error(`client key must be ${CLIENT_KEY_BYTES} bytes`);
    this.cryptKey = Buffer.from(clientKey.subarray(0, 32));
    this.authKey = Buffer.from(clientKey.subarray(32, 64));
  }

  seal(text: string, iv: Uint8Array = freshIv()): string {
    const cipher = createCipheriv('aes-256-cbc', this.cryptKey, iv);
    const ct = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    const signed = Buffer.concat([iv, ct]);
    const tag = createHmac('sha256', this.authKey).update(signed).digest();
    return Buffer.concat([signed, tag]).toString('base64');
  }

  open(sealed: string): string {
    const bytes = decodeBase64(sealed);
    if (bytes.length < IV_BYTES + 16 + TAG_BYTES || (bytes.length - IV_BYTES - TAG_BYTES) % 16 !== 0) {
      throw new IntegrityError('sealed text has the wrong length');
    }
    const signed = bytes.subarray(0, bytes.length - TAG_BYTES);
    const tag = bytes.subarray(bytes.length - TAG_BYTES);
    const expected = createHmac('sha256', this.authKey).update(signed).digest();
    if (!timingSafeEqual(tag, expected)) throw new IntegrityError('tag mismatch');
    try {
      const decipher = createDecipheriv('aes-256-cbc', this.cryptKey, signed.subarray(0, IV_BYTES));
      const plain = Buffer.concat([decipher.update(signed.subarray(IV_BYTES)), decipher.final()]);
      return utf8.decode(plain);
    } catch {
      throw new IntegrityError('bad padding');
    }
  }
}
