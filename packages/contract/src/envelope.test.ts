import { createDecipheriv, createHmac, privateDecrypt, constants as rsa } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EnvelopeClient,
  fromBase64,
  IntegrityError,
  importClientKey,
  importPrivateKey,
  KeyCache,
  keyIdOf,
  open,
  seal,
  toHex,
  unwrapClientKey,
} from './envelope';
import vectors from './envelope-vectors.json';

const hex = (s: string) => Uint8Array.from(s.match(/../g)!.map((b) => Number.parseInt(b, 16)));

describe('envelope v2 against the shipped vectors', () => {
  it('derives the keyId from the SPKI DER', async () => {
    expect(await keyIdOf(vectors.publicKey)).toBe(vectors.keyId);
  });

  it('unwraps the wrapped client key', async () => {
    const key = await unwrapClientKey(await importPrivateKey(vectors.privateKey), vectors.wrappedKey);
    expect(toHex(key)).toBe(vectors.clientKeyHex);
  });

  it('seals the request and response exactly', async () => {
    const keys = await importClientKey(hex(vectors.clientKeyHex));
    expect(await seal(keys, vectors.request.plaintext, hex(vectors.request.ivHex))).toBe(
      vectors.request.sealed,
    );
    expect(await seal(keys, vectors.response.plaintext, hex(vectors.response.ivHex))).toBe(
      vectors.response.sealed,
    );
  });

  it('opens what it sealed and refuses a tampered text', async () => {
    const keys = await importClientKey(hex(vectors.clientKeyHex));
    expect(await open(keys, vectors.request.sealed)).toBe(vectors.request.plaintext);
    await expect(open(keys, vectors.tampered)).rejects.toBeInstanceOf(IntegrityError);
    await expect(open(keys, 'not base64!')).rejects.toBeInstanceOf(IntegrityError);
    await expect(open(keys, 'AAAA')).rejects.toBeInstanceOf(IntegrityError);
  });

  it('agrees with an independent node:crypto reading of PROTOCOL.md', () => {
    const k = Buffer.from(
      privateDecrypt(
        { key: vectors.privateKey, padding: rsa.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(vectors.wrappedKey, 'base64'),
      ),
    );
    expect(k.toString('hex')).toBe(vectors.clientKeyHex);
    const bytes = Buffer.from(vectors.request.sealed, 'base64');
    const iv = bytes.subarray(0, 16);
    const ct = bytes.subarray(16, bytes.length - 32);
    const tag = bytes.subarray(bytes.length - 32);
    expect(
      createHmac('sha256', k.subarray(32, 64))
        .update(bytes.subarray(0, bytes.length - 32))
        .digest(),
    ).toEqual(tag);
    const d = createDecipheriv('aes-256-cbc', k.subarray(0, 32), iv);
    expect(Buffer.concat([d.update(ct), d.final()]).toString('utf8')).toBe(vectors.request.plaintext);
  });

  it('rejects base64 with stray characters', () => {
    expect(() => fromBase64('ab$=')).toThrow(IntegrityError);
  });
});

describe('EnvelopeClient', () => {
  it('keeps one client key and round-trips with the server side', async () => {
    let fetched = 0;
    const client = new EnvelopeClient(async () => {
      fetched++;
      return { keyId: vectors.keyId, publicKey: vectors.publicKey };
    });
    const a = await client.sealRequest('POST', { q: 1 });
    const b = await client.sealRequest('GET', {});
    expect(fetched).toBe(1);
    expect(a.key).toBe(b.key);
    const [keyId, wrapped] = a.key.split('.');
    expect(keyId).toBe(vectors.keyId);
    const k = await unwrapClientKey(await importPrivateKey(vectors.privateKey), wrapped!);
    const payload = JSON.parse(await open(await importClientKey(k), a.data));
    expect(payload).toMatchObject({ method: 'POST', body: { q: 1 } });
    expect(Math.abs(payload.ts - Date.now() / 1000)).toBeLessThan(5);
    expect(fromBase64(payload.nonce)).toHaveLength(16);
    const reply = await seal(await importClientKey(k), JSON.stringify({ ok: true }));
    expect(await client.openResponse(reply)).toEqual({ ok: true });
    client.reset();
    await client.sealRequest('GET', {});
    expect(fetched).toBe(2);
  });
});

describe('KeyCache', () => {
  it('evicts the least recently used entry', () => {
    const cache = new KeyCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.size).toBe(2);
  });
});
