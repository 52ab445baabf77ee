import { expect } from '@playwright/test';
import { test } from './fixtures';
import { vectors } from './vectors';

// The browser's own WebCrypto, written out here and not imported from the app, must agree byte for
// byte with the contract's vectors (PROTOCOL.md "Test vectors").
test('browser WebCrypto reproduces the envelope vectors', async ({ page }) => {
  await page.goto('/');
  const result = await page.evaluate(async (v) => {
    const subtle = globalThis.crypto.subtle;
    const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
    const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
    const pemBody = (pem: string) => fromBase64(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''));
    const concat = (...parts: Uint8Array[]) => {
      const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const part of parts) {
        out.set(part, at);
        at += part.length;
      }
      return out;
    };
    const rsa = { name: 'RSA-OAEP', hash: 'SHA-256' };

    const keyId = toHex(new Uint8Array(await subtle.digest('SHA-256', pemBody(v.publicKey)))).slice(0, 16);
    const privateKey = await subtle.importKey('pkcs8', pemBody(v.privateKey), rsa, false, ['decrypt']);
    const clientKey = new Uint8Array(await subtle.decrypt(rsa, privateKey, fromBase64(v.wrappedKey)));
    const cryptKey = await subtle.importKey('raw', clientKey.slice(0, 32), { name: 'AES-CBC' }, false, [
      'encrypt',
      'decrypt',
    ]);
    const authKey = await subtle.importKey(
      'raw',
      clientKey.slice(32, 64),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );

    const seal = async (text: string, ivHex: string) => {
      const iv = fromHex(ivHex);
      const ct = new Uint8Array(
        await subtle.encrypt({ name: 'AES-CBC', iv }, cryptKey, new TextEncoder().encode(text)),
      );
      const tag = new Uint8Array(await subtle.sign('HMAC', authKey, concat(iv, ct)));
      return toBase64(concat(iv, ct, tag));
    };
    const tagValid = async (sealed: string) => {
      const bytes = fromBase64(sealed);
      return subtle.verify(
        'HMAC',
        authKey,
        bytes.slice(bytes.length - 32),
        bytes.slice(0, bytes.length - 32),
      );
    };
    const open = async (sealed: string) => {
      const bytes = fromBase64(sealed);
      const plain = await subtle.decrypt(
        { name: 'AES-CBC', iv: bytes.slice(0, 16) },
        cryptKey,
        bytes.slice(16, bytes.length - 32),
      );
      return new TextDecoder().decode(plain);
    };

    // A fresh key wrapped with the public key must unwrap with the private one.
    const publicKey = await subtle.importKey('spki', pemBody(v.publicKey), rsa, false, ['encrypt']);
    const fresh = globalThis.crypto.getRandomValues(new Uint8Array(80));
    const rewrapped = await subtle.encrypt(rsa, publicKey, fresh);
    const unwrapped = new Uint8Array(await subtle.decrypt(rsa, privateKey, rewrapped));

    return {
      keyId,
      clientKeyHex: toHex(clientKey),
      sealedRequest: await seal(v.request.plaintext, v.request.ivHex),
      sealedResponse: await seal(v.response.plaintext, v.response.ivHex),
      openedResponse: await open(v.response.sealed),
      genuineTagValid: await tagValid(v.request.sealed),
      tamperedTagValid: await tagValid(v.tampered),
      roundTrip: toHex(unwrapped) === toHex(fresh),
    };
  }, vectors);

  expect(result.keyId).toBe(vectors.keyId);
  expect(result.clientKeyHex).toBe(vectors.clientKeyHex);
  expect(result.sealedRequest).toBe(vectors.request.sealed);
  expect(result.sealedResponse).toBe(vectors.response.sealed);
  expect(result.openedResponse).toBe(vectors.response.plaintext);
  expect(result.genuineTagValid).toBe(true);
  expect(result.tamperedTagValid).toBe(false);
  expect(result.roundTrip).toBe(true);
});
