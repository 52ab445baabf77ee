import type { ScopeKind } from '@qcdesk/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, masterBlock, nameSortIndexes, ref, sortIndex, timestamptz } from '../columns';
import { clients } from './client';
import { files } from './files';

// Identity and access (DOMAIN.md §2.1, §5). Uniqueness holds among valid rows (DOMAIN.md §0).

/** Department tree (also the `department` master-data list of DOMAIN.md §2.10). */
export const departments = pgTable(
  'departments',
  {
    id: idColumn(),
    ...masterBlock(),
    /** enum DepartmentType: 1 sales, 2 QC, 3 lab, 4 administration, 5 finance. */
    type: smallint('type').notNull(),
    parentId: ref('parent_id').references((): AnyPgColumn => departments.id),
    managerId: ref('manager_id'),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('departments_code_uq').on(t.code).where(sql`valid = 1`),
    index('departments_parent_idx').on(t.parentId),
    ...nameSortIndexes('departments', t),
  ],
);

/** A role is a named set of permission strings (DOMAIN.md §5.1–§5.3). */
export const roles = pgTable(
  'roles',
  {
    id: idColumn(),
    ...masterBlock(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    /** Default record scope of the role's users (DOMAIN.md §5.4): all, department, inspector, client. */
    scope: text('scope').$type<ScopeKind>().notNull().default('department'),
    /**
     * The matrix permissions the seed has already granted: a permission added to the matrix later
     * is granted once, while one an administrator removed stays removed.
     */
    seededPermissions: text('seeded_permissions').array().notNull().default(sql`'{}'::text[]`),
    ...auditBlock(),
  },
  (t) => [uniqueIndex('roles_code_uq').on(t.code).where(sql`valid = 1`)],
);

export const groups = pgTable(
  'groups',
  {
    id: idColumn(),
    name: text('name').notNull(),
    state: smallint('state').notNull().default(1),
    modules: text('modules').array().notNull().default(sql`'{}'::text[]`),
    ...auditBlock(),
  },
  (t) => [uniqueIndex('groups_name_uq').on(sql`lower(${t.name})`).where(sql`valid = 1`)],
);

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    name: text('name').notNull(),
    englishName: text('english_name'),
    username: text('username').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    mobile: text('mobile'),
    departmentId: ref('department_id')
      .notNull()
      .references(() => departments.id),
    /** enum Position (DOMAIN.md §3.2); 2 = QC makes the session's isQC true. */
    position: smallint('position').notNull(),
    roleId: ref('role_id')
      .notNull()
      .references(() => roles.id),
    modules: text('modules').array().notNull().default(sql`'{}'::text[]`),
    /** fk:Client, required iff the role is CLIENT. */
    clientId: ref('client_id').references((): AnyPgColumn => clients.id),
    /** ActiveFlag: 1 active, 0 frozen (locked). */
    state: smallint('state').notNull().default(1),
    verified: boolean('verified').notNull().default(false),
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    passwordHash: text('password_hash'),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`).where(sql`valid = 1`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`).where(sql`valid = 1`),
    index('users_department_idx').on(t.departmentId),
    // "name has" over name, English name and username (DOMAIN.md §2.1 search).
    index('users_name_trgm_idx').using(
      'gin',
      sql`(lower(${t.name} || ' ' || coalesce(${t.englishName}, '') || ' ' || ${t.username})) gin_trgm_ops`,
    ),
    // The sorts of user/search (by username: users_username_uq).
    sortIndex('users_name_sort_idx', sql`lower(${t.name})`, t.id),
    sortIndex('users_english_name_sort_idx', sql`lower(${t.englishName})`, t.id),
  ],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    groupId: ref('group_id')
      .notNull()
      .references(() => groups.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_idx').on(t.groupId)],
);

/** DOMAIN.md §2.9 UserSetting. */
export const userSettings = pgTable(
  'user_settings',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    language: text('language').$type<'zh' | 'en'>(),
    notifyByMail: boolean('notify_by_mail').notNull().default(true),
    /** The signature image on the reports the user signs (issue 28). */
    signatureFileId: ref('signature_file_id').references(() => files.id),
    ...auditBlock(),
  },
  (t) => [uniqueIndex('user_settings_user_uq').on(t.userId)],
);

export type SignInMethod = 'password' | 'code' | 'qr' | 'interim' | 'impersonate';

/**
 * A session is one refresh-token family: every rotation stays in it, and reusing a spent token
 * revokes it whole. The bearer token names the session, so revoking ends it at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    impersonatorId: ref('impersonator_id').references(() => users.id),
    method: text('method').$type<SignInMethod>().notNull(),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().default(sql`now()`),
    expiresAt: timestamptz('expires_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull().default(sql`now()`),
    revokedAt: timestamptz('revoked_at'),
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Refresh tokens, stored as SHA-256 of the token; `usedAt` marks a rotated (spent) one. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: idColumn(),
    sessionId: ref('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().default(sql`now()`),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

export type OneTimePurpose = 'email-login' | 'verify' | 'reset' | 'interim' | 'qr';
export type QrState = 'waiting' | 'confirmed' | 'rejected' | 'claimed';

/**
 * Mailed codes and one-time tokens, stored hashed. A code or token is good until it expires, is
 * used, or has had `maxAttempts` wrong guesses.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: idColumn(),
    purpose: text('purpose').$type<OneTimePurpose>().notNull(),
    /** The account it is for; null for a QR token until a user confirms it. */
    userId: ref('user_id').references(() => users.id),
    secretHash: text('secret_hash').notNull(),
    /** QR sign-in: hash of the private poll key of the waiting page. */
    pollHash: text('poll_hash'),
    state: text('state').$type<QrState>(),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(1),
    usedAt: timestamptz('used_at'),
    issuedBy: ref('issued_by').references(() => users.id),
    /** Who confirmed a QR sign-in while impersonating (carried into the new session). */
    impersonatorId: ref('impersonator_id').references(() => users.id),
    createdAt: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('one_time_tokens_secret_uq').on(t.secretHash),
    uniqueIndex('one_time_tokens_poll_uq').on(t.pollHash),
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
    index('one_time_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Sign-in and code attempts per key (`acct:<name>`, `ip:<address>`, `mail:<address>`): past the
 * limit an account is locked, and an address waits, until `lockedUntil` (throttle.service.ts).
 * Shared by every server process.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamptz('window_start').notNull().default(sql`now()`),
    lockedUntil: timestamptz('locked_until'),
  },
  (t) => [index('login_throttle_window_idx').on(t.windowStart)],
);
