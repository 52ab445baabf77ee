// Regenerates src/envelope-vectors.json. Run once; the vectors are committed and never change,
// because third-party clients test against them.
import { writeFileSync } from 'node:fs';
import {
  fromBase64,
  generateRsaKeyPair,
  importClientKey,
  importPublicKey,
  seal,
  toBase64,
  toHex,
  wrapClientKey,
} from '../src/envelope';

const pair = await generateRsaKeyPair();
const clientKey = Uint8Array.from({ length: 80 }, (_, i) => (i * 7 + 3) & 0xff);
const iv = Uint8Array.from({ length: 16 }, (_, i) => 0xa0 + i);
const payload = JSON.stringify({
  method: 'POST',
  ts: 1767225600,
  nonce: toBase64(Uint8Array.from({ length: 16 }, (_, i) => i)),
  body: { name: '华美玩具 Toys', page: 1 },
});
const keys = await importClientKey(clientKey);
const wrappedKey = await wrapClientKey(await importPublicKey(pair.publicKey), clientKey);
const sealed = await seal(keys, payload, iv);
const result = JSON.stringify({ success: true, error: 'Success', code: 0, data: { n: 1 } });
const resultIv = Uint8Array.from({ length: 16 }, (_, i) => 0x10 + i);
const sealedResult = await seal(keys, result, resultIv);

const vectors = {
  description:
    'Envelope v2 test vectors (PROTOCOL.md). RSA-OAEP is randomized: unwrap wrappedKey and expect clientKeyHex.',
  keyId: pair.keyId,
  publicKey: pair.publicKey,
  privateKey: pair.privateKey,
  clientKeyHex: toHex(clientKey),
  wrappedKey,
  request: { ivHex: toHex(iv), plaintext: payload, sealed },
  response: { ivHex: toHex(resultIv), plaintext: result, sealed: sealedResult },
  tampered: `${sealed.slice(0, 40)}${sealed[40] === 'A' ? 'B' : 'A'}${sealed.slice(41)}`,
};
fromBase64(vectors.tampered);
writeFileSync(
  new URL('../src/envelope-vectors.json', import.meta.url),
  `${JSON.stringify(vectors, null, 2)}\n`,
);
console.info(`vectors written, keyId ${pair.keyId}`);
