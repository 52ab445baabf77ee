import type { Principal } from './auth';

/**
 * A few seconds of memory of who a session is, so a burst of calls does not reload the user and
 * role each time. Changes made in this process (lock, logout, role edit) forget entries at once;
 * other processes see them within `ttlMs`.
 */
export class PrincipalCache {
  private readonly entries = new Map<bigint, { principal: Principal; until: number }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(sessionId: bigint, now = Date.now()): Principal | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.principal;
  }

  set(sessionId: bigint, principal: Principal, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(sessionId, { principal, until: now + this.ttlMs });
  }

  forgetSession(sessionId: bigint): void {
    this.entries.delete(sessionId);
  }

  /** Every session of the user, and every session in which the user acts for someone else. */
  forgetUser(userId: bigint): void {
    for (const [sid, { principal }] of this.entries) {
      if (principal.userId === userId || principal.impersonatorId === userId) this.entries.delete(sid);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
