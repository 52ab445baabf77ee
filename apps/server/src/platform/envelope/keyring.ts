import { createHash, type KeyObject } from 'node:crypto';
import { generateRsaKeyPair, KeyCache } from '@qcdesk/contract/envelope';
import { and, desc, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { envelopeKeys } from '../../db/schema/platform';
import type { Db } from '../db';
import { importPrivateKeyPem, NodeSession, unwrapClientKeyNode } from './node-envelope';

interface LoadedKey {
  keyId: string;
  publicKey: string;
  privateKey: KeyObject;
  createdAt: Date;
  retiredAt: Date | null;
}

export interface KeyRingOptions {
  rotationHours: number;
  graceHours: number;
  now?: () => Date;
}

const HOUR = 3600_000;

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const KEY_FIELD = /^([0-9a-f]{16})\.([A-Za-z0-9+/]+={0,2})$/;

/**
 * The server's RSA keys (PROTOCOL.md "Keys"), kept in the database so every process answers with
 * the same public key and accepts the others' retired keys through the grace period.
 */
export class KeyRing {
  private keys = new Map<string, LoadedKey>();
  private current: (LoadedKey & { pemHash: string }) | undefined;
  private readonly unwrapped = new KeyCache<NodeSession>(20_000);
  private lastReload = 0;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly options: KeyRingOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async init(): Promise<void> {
    await this.rotateIfDue();
  }

  /** Makes a new current key when there is none or it is older than the rotation period. */
  async rotateIfDue(force = false): Promise<void> {
    await this.db.transaction(async (tx) => {
      // One process rotates; the others wait and then see its key.
      await tx.execute(sql`select pg_advisory_xact_lock(7041002)`);
      const [current] = await tx
        .select()
        .from(envelopeKeys)
        .where(isNull(envelopeKeys.retiredAt))
        .orderBy(desc(envelopeKeys.createdAt))
        .limit(1);
      const now = this.now();
      const due =
        !current || now.getTime() - current.createdAt.getTime() >= this.options.rotationHours * HOUR;
      if (!force && !due) return;
      const pair = await generateRsaKeyPair();
      await tx.update(envelopeKeys).set({ retiredAt: now }).where(isNull(envelopeKeys.retiredAt));
      await tx.insert(envelopeKeys).values({ ...pair, createdAt: now });
      // Private keys past their grace period are of no further use.
      await tx
        .delete(envelopeKeys)
        .where(
          and(
            isNotNull(envelopeKeys.retiredAt),
            lt(envelopeKeys.retiredAt, new Date(now.getTime() - this.options.graceHours * HOUR)),
          ),
        );
    });
    await this.reload();
  }

  async reload(): Promise<void> {
    const rows = await this.db.select().from(envelopeKeys);
    const next = new Map<string, LoadedKey>();
    for (const row of rows) {
      const known = this.keys.get(row.keyId);
      next.set(row.keyId, {
        keyId: row.keyId,
        publicKey: row.publicKey,
        privateKey: known?.privateKey ?? importPrivateKeyPem(row.privateKey),
        createdAt: row.createdAt,
        retiredAt: row.retiredAt,
      });
    }
    this.keys = next;
    const current = [...next.values()]
      .filter((k) => k.retiredAt === null)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    if (!current) throw new Error('no current envelope key');
    this.current = { ...current, pemHash: sha256Hex(current.publicKey) };
    this.lastReload = Date.now();
  }

  publicKey(): { keyId: string; publicKey: string; pemHash: string } {
    if (!this.current) throw new Error('KeyRing not initialised');
    return { keyId: this.current.keyId, publicKey: this.current.publicKey, pemHash: this.current.pemHash };
  }

  private accepted(key: LoadedKey): boolean {
    if (key.retiredAt === null) return true;
    return this.now().getTime() - key.retiredAt.getTime() <= this.options.graceHours * HOUR;
  }

  /** `keyId.wrappedKey` → the client's session keys, or null for any refusal of PROTOCOL.md. */
  async sessionKeys(keyField: string): Promise<NodeSession | null> {
    const [, keyId, wrapped] = KEY_FIELD.exec(keyField) ?? [];
    if (!keyId || !wrapped) return null;
    let key = this.keys.get(keyId);
    if (!key && Date.now() - this.lastReload > 2000) {
      // Another process may have rotated; look once, not on every bad request.
      await this.reload();
      key = this.keys.get(keyId);
    }
    if (!key || !this.accepted(key)) return null;
    const cacheKey = `${keyId}:${sha256Hex(wrapped)}`;
    const cached = this.unwrapped.get(cacheKey);
    if (cached) return cached;
    try {
      const session = new NodeSession(unwrapClientKeyNode(key.privateKey, wrapped));
      this.unwrapped.set(cacheKey, session);
      return session;
    } catch {
      return null;
    }
  }
}
