import { areas } from '@qcdesk/contract';
import {
  generateRsaKeyPair,
  importClientKey,
  importPrivateKey,
  importPublicKey,
  makeClientKey,
  open,
  seal,
  unwrapClientKey,
  wrapClientKey,
} from '@qcdesk/contract/envelope';
import { openDatabase } from '@qcdesk/server/src/platform/db.ts';
import { KeyRing } from '@qcdesk/server/src/platform/envelope/keyring.ts';
import {
  importPrivateKeyPem,
  NodeSession,
  unwrapClientKeyNode,
} from '@qcdesk/server/src/platform/envelope/node-envelope.ts';
import { printTable, timeAsync } from './table.ts';

/** Envelope costs per operation: seal/open of a 2 KB payload, and key unwrap cached vs uncached. */
export async function envelopeBench(): Promise<void> {
  const pair = await generateRsaKeyPair();
  const publicKey = await importPublicKey(pair.publicKey);
  const privateKey = await importPrivateKey(pair.privateKey);
  const clientKey = makeClientKey();
  const keys = await importClientKey(clientKey);
  const payload = JSON.stringify({ method: 'POST', body: { text: 'x'.repeat(2000) } });
  const sealed = await seal(keys, payload);
  const wrapped = await wrapClientKey(publicKey, clientKey);

  const database = await openDatabase({});
  await database.migrate();
  const ring = new KeyRing(database.db, { rotationHours: 720, graceHours: 24 });
  await ring.init();
  const { keyId, publicKey: ringPem } = ring.publicKey();
  const ringWrapped = await wrapClientKey(await importPublicKey(ringPem), clientKey);
  const keyField = `${keyId}.${ringWrapped}`;
  await ring.sessionKeys(keyField);

  const session = new NodeSession(clientKey);
  const nodePrivate = importPrivateKeyPem(pair.privateKey);
  const row = (operation: string, us: number) => ({ operation, 'µs/op': us });
  const rows = [
    row('seal 2 KB, WebCrypto (browser, CLI)', await timeAsync(() => seal(keys, payload), 2000)),
    row('open 2 KB, WebCrypto', await timeAsync(() => open(keys, sealed), 2000)),
    row('seal 2 KB, node:crypto (server)', await timeAsync(async () => session.seal(payload), 5000)),
    row('open 2 KB, node:crypto (server)', await timeAsync(async () => session.open(sealed), 5000)),
    row(
      'wrap client key, WebCrypto (RSA-OAEP)',
      await timeAsync(() => wrapClientKey(publicKey, clientKey), 300),
    ),
    row(
      'unwrap uncached, WebCrypto (RSA-OAEP + import)',
      await timeAsync(async () => importClientKey(await unwrapClientKey(privateKey, wrapped)), 300),
    ),
    row(
      'unwrap uncached, node:crypto (server)',
      await timeAsync(async () => new NodeSession(unwrapClientKeyNode(nodePrivate, wrapped)), 300),
    ),
    row('unwrap cached (KeyRing, SHA-256 lookup)', await timeAsync(() => ring.sessionKeys(keyField), 2000)),
  ];
  await database.close();
  printTable(`Envelope (${areas.system.systemInfo.path} payloads are smaller than 2 KB)`, rows);
}
