import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface EnvelopeVectors {
  keyId: string;
  publicKey: string;
  privateKey: string;
  clientKeyHex: string;
  wrappedKey: string;
  request: { ivHex: string; plaintext: string; sealed: string };
  response: { ivHex: string; plaintext: string; sealed: string };
  tampered: string;
}

export const vectors = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@qcdesk/contract/envelope-vectors.json'), 'utf8'),
) as EnvelopeVectors;
