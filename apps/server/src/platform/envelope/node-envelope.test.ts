import { IntegrityError, importClientKey, open, seal } from '@qcdesk/contract/envelope';
import vectors from '@qcdesk/contract/envelope-vectors.json';
import { describe, expect, it } from 'vitest';
import { importPrivateKeyPem, NodeSession, unwrapClientKeyNode } from './node-envelope';

const hex = (s: string) => Buffer.from(s, 'hex');

describe('node:crypto envelope against the shipped vectors', () => {
  it('unwraps the client key', () => {
    const key = unwrapClientKeyNode(importPrivateKeyPem(vectors.privateKey), vectors.wrappedKey);
    expect(key.toString('hex')).toBe(vectors.clientKeyHex);
  });

  it('seals exactly as the vectors say and opens them', () => {
    const session = new NodeSession(hex(vectors.clientKeyHex));
    expect(session.seal(vectors.request.plaintext, hex(vectors.request.ivHex))).toBe(vectors.request.sealed);
    expect(session.seal(vectors.response.plaintext, hex(vectors.response.ivHex))).toBe(
      vectors.response.sealed,
    );
    expect(session.open(vectors.request.sealed)).toBe(vectors.request.plaintext);
    expect(() => session.open(vectors.tampered)).toThrow(IntegrityError);
    expect(() => session.open('%%')).toThrow(IntegrityError);
  });

  it('interoperates with the WebCrypto implementation both ways', async () => {
    const k = hex(vectors.clientKeyHex);
    const session = new NodeSession(k);
    const web = await importClientKey(k);
    expect(await open(web, session.seal('你好 QCDesk'))).toBe('你好 QCDesk');
    expect(session.open(await seal(web, '{"a":1}'))).toBe('{"a":1}');
  });

  it('refuses a wrapped key that is not 80 bytes or not ours', () => {
    expect(() => unwrapClientKeyNode(importPrivateKeyPem(vectors.privateKey), 'AAAA')).toThrow(
      IntegrityError,
    );
  });
});
