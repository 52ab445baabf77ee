import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  publicEncrypt,
  randomBytes,
  constants as rsa,
  timingSafeEqual,
} from 'node:crypto';

// The envelope of PROTOCOL.md written only from its text with node:crypto, sharing no code with the
// contract's envelope (the web app's, on WebCrypto): the server's envelope tests speak through it,
// so if it interoperates, the protocol text and the implementation agree. `QcdeskClient` (index.ts)
// seals every call with it.

export class NodeEnvelope {
  readonly k = randomBytes(80);
  private wrapped = '';
  private keyId = '';

  async handshake(fetchPublicKey: () => Promise<{ keyId: string; publicKey: string }>): Promise<void> {
    const { keyId, publicKey } = await fetchPublicKey();
    this.keyId = keyId;
    this.wrapped = publicEncrypt(
      { key: publicKey, padding: rsa.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      this.k,
    ).toString('base64');
  }

  seal(text: string, iv = randomBytes(16)): string {
    const cipher = createCipheriv('aes-256-cbc', this.k.subarray(0, 32), iv);
    const ct = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    const tag = createHmac('sha256', this.k.subarray(32, 64))
      .update(Buffer.concat([iv, ct]))
      .digest();
    return Buffer.concat([iv, ct, tag]).toString('base64');
  }

  open(sealed: string): string {
    const bytes = Buffer.from(sealed, 'base64');
    const signed = bytes.subarray(0, bytes.length - 32);
    const tag = bytes.subarray(bytes.length - 32);
    const expected = createHmac('sha256', this.k.subarray(32, 64)).update(signed).digest();
    if (!timingSafeEqual(tag, expected)) throw new Error('UnAuthenticated');
    const decipher = createDecipheriv('aes-256-cbc', this.k.subarray(0, 32), signed.subarray(0, 16));
    return Buffer.concat([decipher.update(signed.subarray(16)), decipher.final()]).toString('utf8');
  }

  request(method: string, body: unknown, overrides: { ts?: number; nonce?: string } = {}) {
    const payload = {
      method,
      ts: overrides.ts ?? Math.floor(Date.now() / 1000),
      nonce: overrides.nonce ?? randomBytes(16).toString('base64'),
      body,
    };
    return { key: `${this.keyId}.${this.wrapped}`, data: this.seal(JSON.stringify(payload)) };
  }
}
