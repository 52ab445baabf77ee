import type { FastifyRequest } from 'fastify';

/** The signed-in caller as every service sees it. */
export interface Principal {
  userId: bigint;
  username: string;
  displayName: string;
  permissions: ReadonlySet<string>;
  /** Set while an administrator acts as this user; recorded on every change-log row. */
  impersonatorId?: bigint | undefined;
  /** What the record scope of DOMAIN.md §5.4 needs (set by the identity authenticator). */
  roleCode?: string | undefined;
  departmentId?: bigint | undefined;
  clientId?: bigint | null | undefined;
  /** The session (refresh-token family) the bearer token belongs to. */
  sessionId?: bigint | undefined;
}

/** Who did a write, as the change log records it. */
export interface Actor {
  userId: bigint | null;
  impersonatorId?: bigint | null | undefined;
}

export const actorOf = (user: Principal | null): Actor => ({
  userId: user?.userId ?? null,
  impersonatorId: user?.impersonatorId ?? null,
});

/**
 * Turns the bearer token of a request into a principal. Answers `null` for "no session" (the
 * registry then says 401 for non-public operations); throws an AppError for a session that is
 * gone for good. The identity module plugs its token verifier in here.
 */
export type Authenticator = (token: string | undefined, request: FastifyRequest) => Promise<Principal | null>;

/** Nobody is signed in; public operations still work (tests of the bare platform). */
export const anonymousOnly: Authenticator = async () => null;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}
