import { z } from 'zod';
import { EMAIL_CODE_LENGTH, PHONE_PATTERN, USERNAME_PATTERN } from './constants';
import { defineOperation } from './operation';
import { isPermission } from './permissions';
import { MODULE_CODES } from './roles';
import {
  dateTimeOut,
  email,
  empty,
  idIn,
  idOut,
  newPassword,
  optStr,
  pageOf,
  paging,
  sorting,
  str,
  version,
} from './schemas';

// Identity and access (issue 3): sign-in in every mode, sessions, users, groups, roles, modules
// and the dev mailbox. Paths as spec §7 writes them; the others follow ARCHITECTURE.md.

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;
const flag = z.union([z.literal(0), z.literal(1)]);

/** Optional text in an update: '' clears the field (null), absent leaves it alone. */
const clearable = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const englishText = (max: number) =>
  clearable(max).refine((v) => !v || !CHINESE.test(v), { params: { reason: 'E_NO_CHINESE' } });

const phone = clearable(30).refine((v) => !v || PHONE_PATTERN.test(v), { params: { reason: 'E_FORMAT' } });

export const username = str(50).refine((v) => USERNAME_PATTERN.test(v), { params: { reason: 'E_FORMAT' } });
const moduleCode = z.enum(MODULE_CODES);
const position = z.number().int().min(1).max(6);
const permission = z.string().refine(isPermission, { params: { reason: 'E_FORMAT' } });

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

/** What every sign-in mode answers (spec §7 `auth`). */
export const sessionTokens = z.object({
  bearerToken: z.string(),
  refreshToken: z.string(),
  displayName: z.string(),
  /** Seconds until the bearer token expires; refresh before then. */
  expiresIn: z.number().int(),
});

export const login = defineOperation({
  path: 'auth',
  method: 'POST',
  permission: 'public',
  summary:
    'Sign in with username and password. An unverified account answers -1002 with the tokens and display name for the verification step.',
  input: z.object({
    username: str(50),
    password: z.string().min(1).max(100),
    remember: z.boolean().default(false),
    /** Spec §7 "provider login"; only the local directory exists. */
    provider: z.enum(['local']).optional(),
  }),
  output: sessionTokens,
});

export const refreshAccessToken = defineOperation({
  path: 'access-token',
  method: 'GET',
  permission: 'public',
  summary:
    'Trade a refresh token for a new bearer token; the refresh token rotates, and reusing a spent one ends the whole session.',
  input: z.object({ refreshToken: str(200) }),
  output: z.object({ accessToken: z.string(), refreshToken: z.string(), expiresIn: z.number().int() }),
});

export const sessionInfo = z.object({
  uid: idOut,
  username: z.string(),
  name: z.string(),
  englishName: z.string().nullable(),
  /** The role's name in the request language (DOMAIN.md §2.1). */
  title: z.string(),
  roleCode: z.string(),
  department: z.string(),
  departmentId: idOut,
  position: z.number().int(),
  isQC: z.boolean(),
  isLogin: z.boolean(),
  /** {HOME} ∪ the user's modules ∪ the modules of the user's active groups. */
  modules: z.array(z.string()),
  /** `role:<CODE>` followed by the role's permission strings. */
  roles: z.array(z.string()),
  navigation: z.object({ main: z.array(z.string()), secondary: z.record(z.string(), z.array(z.string())) }),
  /** The permitted-route list the route guard checks (spec §2). */
  routes: z.array(z.string()),
  language: z.enum(['zh', 'en']).nullable(),
  /** Set while an administrator acts as this user. */
  impersonator: z
    .object({ uid: idOut, name: z.string(), englishName: z.string().nullable().optional() })
    .nullable(),
});

export const check = defineOperation({
  path: 'check',
  method: 'GET',
  permission: 'signed-in',
  summary:
    'The signed-in user, modules, roles, navigation and permitted routes; -1001 must change password, -1002 must verify, 500 locked or deleted.',
  input: empty,
  output: sessionInfo,
});

export const logout = defineOperation({
  path: 'logout',
  method: 'POST',
  permission: 'public',
  summary: 'End the session of the bearer token and/or the given refresh token.',
  input: z.object({ refreshToken: optStr(200) }),
  output: z.object({}),
});

// ---------------------------------------------------------------------------------------------
// Other sign-in modes
// ---------------------------------------------------------------------------------------------

export const sendLoginCode = defineOperation({
  path: 'auth/code/send',
  method: 'POST',
  permission: 'public',
  summary:
    'Mail a 6-digit sign-in code (10 minutes, 5 tries) to the account; answers the same whether or not the account exists.',
  input: z.object({ account: str(100) }),
  output: z.object({ sent: z.boolean() }),
});

export const codeLogin = defineOperation({
  path: 'auth/code/login',
  method: 'POST',
  permission: 'public',
  summary: 'Sign in with the code mailed by auth/code/send.',
  input: z.object({
    account: str(100),
    verifyCode: z
      .string()
      .trim()
      .min(1)
      .refine((v) => new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`).test(v), {
        params: { reason: 'E_CODE_INVALID' },
      }),
    remember: z.boolean().default(false),
  }),
  output: sessionTokens,
});

export const qrToken = defineOperation({
  path: 'auth/qr/token',
  method: 'POST',
  permission: 'public',
  summary:
    'Start a QR sign-in: a one-time token shown as a QR code, and a private poll key the waiting page keeps.',
  input: empty,
  output: z.object({
    token: z.string(),
    pollKey: z.string(),
    /** What the QR code encodes: the login page with `?qr=<token>`. */
    url: z.string(),
    /** PNG data URL of the QR code. */
    qrCode: z.string(),
    expiresAt: dateTimeOut,
  }),
});

export const qrStatus = defineOperation({
  path: 'auth/qr/status',
  method: 'GET',
  permission: 'public',
  summary: 'Poll a QR sign-in; answers the session once, when the scanning user has confirmed.',
  input: z.object({ pollKey: str(200) }),
  output: z.object({
    status: z.enum(['waiting', 'confirmed', 'rejected', 'expired']),
    session: sessionTokens.nullable(),
  }),
});

export const qrConfirm = defineOperation({
  path: 'auth/qr/confirm',
  method: 'POST',
  permission: 'signed-in',
  summary:
    'The signed-in user who scanned the QR code approves (or rejects) the sign-in on the other device.',
  input: z.object({ token: str(200), approve: z.boolean().default(true) }),
  output: z.object({ status: z.enum(['confirmed', 'rejected']) }),
});

export const forgotPassword = defineOperation({
  path: 'password/forgot',
  method: 'POST',
  permission: 'public',
  summary:
    'Mail a one-time reset link; answers the same whether or not the account exists. The link leads to register PUT with the token.',
  input: z.object({ account: str(100) }),
  output: z.object({ sent: z.boolean() }),
});

const passwordPair = {
  password: newPassword,
  repeatPassword: z.string(),
};

const passwordsMatch = <T extends { password: string; repeatPassword: string }>(v: T) =>
  v.password === v.repeatPassword;
const mismatch = { path: ['repeatPassword'], params: { reason: 'E_PASSWORD_MISMATCH' } };

export const changePassword = defineOperation({
  path: 'register',
  method: 'PUT',
  permission: 'public',
  summary:
    'Change the own password (signed in; the current password is needed unless the session came from a mailed code or an interim link), or set it with a reset token.',
  input: z
    .object({
      token: optStr(200),
      oldPassword: z.string().max(100).optional(),
      ...passwordPair,
    })
    .refine(passwordsMatch, mismatch),
  // With a reset token, whose account it was: the web opens Login with it filled in (issue 12).
  output: z.object({ username: z.string().optional() }),
});

export const sendVerifyCode = defineOperation({
  path: 'account/verify/send',
  method: 'POST',
  permission: 'signed-in',
  summary: 'Mail a 6-digit verification code to the own e-mail address.',
  input: empty,
  output: z.object({ sent: z.boolean(), email: z.string() }),
});

export const verifyAccount = defineOperation({
  path: 'account/verify',
  method: 'POST',
  permission: 'signed-in',
  summary: 'Verify the own account with the mailed code (10 minutes, 5 tries).',
  input: z.object({ verifyCode: z.string().trim().min(1).max(20) }),
  output: z.object({ verified: z.boolean() }),
});

export const interimToken = defineOperation({
  path: 'interim/token',
  method: 'POST',
  permission: 'signed-in',
  summary:
    'Issue a single-use, short-lived sign-in link: for the own account, or (with user.edit) for another user; optionally mailed to them.',
  input: z.object({ username: optStr(50), send: z.boolean().default(false) }),
  output: z.object({ token: z.string(), url: z.string(), expiresAt: dateTimeOut }),
});

export const interimLogin = defineOperation({
  path: 'interim/login',
  method: 'POST',
  permission: 'public',
  summary: 'Sign in with an interim token; "token has expired" when it is used or stale.',
  input: z.object({ token: str(200) }),
  output: sessionTokens,
});

export const impersonate = defineOperation({
  path: 'user/impersonate',
  method: 'POST',
  permission: 'user.impersonate',
  summary:
    'Act as another user (never an administrator); the session carries the impersonator into every change-log row.',
  input: z.object({ username: str(50) }),
  output: sessionTokens,
});

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

const userFields = {
  name: str(50),
  englishName: englishText(100),
  email,
  phone,
  mobile: phone,
  departmentId: idIn,
  position,
  roleId: idIn,
  groupIds: z.array(idIn).max(50).default([]),
  modules: z.array(moduleCode).default([]),
  /** Required for (and only for) users of role CLIENT. */
  clientId: idIn.nullable().optional(),
};

/** The client a CLIENT user belongs to, by code and name. */
const clientLabel = z.object({ id: idOut, code: z.string(), name: z.string() });

export const userRow = z.object({
  id: idOut,
  name: z.string(),
  englishName: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  departmentId: idOut,
  departmentName: z.string(),
  position: z.number().int(),
  roleId: idOut,
  roleCode: z.string(),
  roleName: z.string(),
  /** Only a CLIENT user has one. */
  client: clientLabel.nullable(),
  state: z.number().int(),
  valid: z.number().int(),
  verified: z.boolean(),
  version: z.number().int(),
});

export const userDetail = userRow.extend({
  groupIds: z.array(idOut),
  modules: z.array(z.string()),
  clientId: idOut.nullable(),
  mustChangePassword: z.boolean(),
  createdAt: dateTimeOut,
  updatedAt: dateTimeOut,
});

export const getUser = defineOperation({
  path: 'user/get',
  method: 'GET',
  permission: 'user.search',
  summary: 'One user with groups and modules; `modify` says whether the caller may edit.',
  input: z.object({ id: idIn }),
  output: userDetail,
});

export const searchUsers = defineOperation({
  path: 'user/search',
  method: 'POST',
  permission: 'user.search',
  summary: 'Users by name (name, English name or username contains) and department, in the caller’s scope.',
  input: z.object({
    name: optStr(50),
    department: idIn.optional(),
    /** Deleted users instead of valid ones (only for holders of user.edit, to undelete them). */
    deleted: z.boolean().default(false),
    ...paging,
    ...sorting(['username', 'name', 'englishName']),
  }),
  output: pageOf(userRow),
});

export const createUser = defineOperation({
  path: 'user',
  method: 'POST',
  permission: 'user.edit',
  summary:
    'Create a user; a welcome mail carries a link to set the password (the account is verified by using it).',
  input: z.object({ username, ...userFields }),
  output: z.object({ id: idOut }),
});

export const updateUser = defineOperation({
  path: 'user/update',
  method: 'POST',
  permission: 'user.edit',
  summary:
    'Change a user (username is immutable); state 0/1 locks and unlocks, valid 0/1 deletes and undeletes.',
  input: z.object({
    id: idIn,
    version,
    name: str(50).optional(),
    englishName: englishText(100),
    email: email.optional(),
    phone,
    mobile: phone,
    departmentId: idIn.optional(),
    position: position.optional(),
    roleId: idIn.optional(),
    groupIds: z.array(idIn).max(50).optional(),
    modules: z.array(moduleCode).optional(),
    clientId: idIn.nullable().optional(),
    state: flag.optional(),
    valid: flag.optional(),
  }),
  output: z.object({ id: idOut, version: z.number().int() }),
});

export const register = defineOperation({
  path: 'register',
  method: 'POST',
  permission: 'user.register',
  summary:
    'Register a user with an initial password (repeatPassword must match); the user changes it at first sign-in.',
  input: z.object({ username, ...userFields, ...passwordPair }).refine(passwordsMatch, mismatch),
  output: z.object({ id: idOut }),
});

export const updateAccount = defineOperation({
  path: 'account/update',
  method: 'POST',
  permission: 'signed-in',
  summary: 'Change the own name, English name, e-mail (which must then be verified again) and phone numbers.',
  input: z.object({
    version,
    name: str(50).optional(),
    englishName: englishText(100),
    email: email.optional(),
    phone,
    mobile: phone,
  }),
  output: z.object({ version: z.number().int(), verified: z.boolean() }),
});

/** The largest signature image a user may keep, in MB (issue 28). */
export const SIGNATURE_MAX_MB = 1;

export const userSetting = z.object({
  language: z.enum(['zh', 'en']).nullable(),
  notifyByMail: z.boolean(),
  /**
   * The signature image the reports this user signs show (inspector, approvers; issue 28); without
   * one the PDF prints the typed name and time.
   */
  signature: z.object({ fileId: idOut, name: z.string(), url: z.string().nullable() }).nullable(),
  version: z.number().int(),
});

export const getUserSetting = defineOperation({
  path: 'user/setting',
  method: 'GET',
  permission: 'signed-in',
  summary: 'The own settings: language, mail preference and signature image.',
  input: empty,
  output: userSetting,
});

export const updateUserSetting = defineOperation({
  path: 'user/setting/update',
  method: 'POST',
  permission: 'signed-in',
  summary: 'Change the own settings: language, mail preference, signature image.',
  input: z.object({
    version,
    language: z.enum(['zh', 'en']).nullable().optional(),
    notifyByMail: z.boolean().optional(),
    /**
     * An uploaded image (`/api/file/upload` with `accept=image`, `maxMb`) of at most SIGNATURE_MAX_MB
     * (E_IMAGE_ONLY, E_FILE_TOO_BIG on `signatureFileId`), the caller's own upload; null removes it.
     */
    signatureFileId: idIn.nullable().optional(),
  }),
  output: userSetting,
});

// ---------------------------------------------------------------------------------------------
// Roles, groups, modules
// ---------------------------------------------------------------------------------------------

const scopeKind = z.enum(['all', 'department', 'inspector', 'client']);

export const roleRow = z.object({
  id: idOut,
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  active: z.number().int(),
  /** Default record scope of the role's users (DOMAIN.md §5.4). */
  scope: scopeKind,
  permissions: z.array(z.string()),
});

export const departmentRow = z.object({
  id: idOut,
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  type: z.number().int(),
  parentId: idOut.nullable(),
  active: z.number().int(),
});

export const roles = defineOperation({
  path: 'roles',
  method: 'GET',
  permission: 'user.search',
  summary: 'Positions and active roles (spec §6), with the departments, for the user forms.',
  input: empty,
  output: z.object({
    positions: z.array(z.object({ code: z.number().int(), zh: z.string(), en: z.string() })),
    roles: z.array(roleRow),
    departments: z.array(departmentRow),
  }),
});

export const groupRow = z.object({
  id: idOut,
  name: z.string(),
  state: z.number().int(),
  modules: z.array(z.string()),
  version: z.number().int(),
});

export const groups = defineOperation({
  path: 'group',
  method: 'GET',
  permission: 'user.search',
  summary: 'All groups, frozen ones included, by name (or as `sort` and `order` say).',
  input: z.object(sorting(['name'])).strict(),
  output: z.array(groupRow),
});

export const createGroup = defineOperation({
  path: 'group/create',
  method: 'POST',
  permission: 'group.edit',
  summary: 'Create a group with its modules.',
  input: z.object({ name: str(50), state: flag.default(1), modules: z.array(moduleCode).default([]) }),
  output: groupRow,
});

export const updateGroup = defineOperation({
  path: 'group/update',
  method: 'POST',
  permission: 'group.edit',
  summary: 'Change a group; toggling state re-sends the update with the new state.',
  input: z.object({
    id: idIn,
    version,
    name: str(50).optional(),
    state: flag.optional(),
    modules: z.array(moduleCode).optional(),
  }),
  output: groupRow,
});

export const modules = defineOperation({
  path: 'modules',
  method: 'GET',
  permission: 'signed-in',
  summary:
    'Every module with its routes, and the caller’s own modules and navigation (the menu by permission).',
  input: empty,
  output: z.object({
    list: z.array(
      z.object({ code: z.string(), zh: z.string(), en: z.string(), routes: z.array(z.string()) }),
    ),
    modules: z.array(z.string()),
    navigation: sessionInfo.shape.navigation,
  }),
});

export const roleDetail = roleRow.extend({
  sort: z.number().int(),
  remark: z.string().nullable(),
  valid: z.number().int(),
  version: z.number().int(),
});

export const listRoles = defineOperation({
  path: 'config/role',
  method: 'GET',
  permission: 'role.edit',
  summary: 'Every role, frozen and deleted ones included, with its permissions (DOMAIN.md §2.10 "role").',
  input: empty,
  output: z.array(roleDetail),
});

/** A role's place in lists; the range of every config list's `sort` (config-lists.ts). */
export const ROLE_SORT_RANGE = [-1_000_000, 1_000_000] as const;
const roleSort = z.number().int().min(ROLE_SORT_RANGE[0]).max(ROLE_SORT_RANGE[1]);

const roleCode = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z0-9_-]+$/.test(v), { params: { reason: 'E_FORMAT' } });

export const createRole = defineOperation({
  path: 'config/role/create',
  method: 'POST',
  permission: 'role.edit',
  summary: 'Create a role (a composite of permissions).',
  input: z.object({
    code: roleCode,
    nameZh: str(100),
    nameEn: str(200).refine((v) => !CHINESE.test(v), { params: { reason: 'E_NO_CHINESE' } }),
    active: flag.default(1),
    sort: roleSort.default(0),
    remark: optStr(500),
    scope: scopeKind.default('department'),
    permissions: z.array(permission).default([]),
  }),
  output: roleDetail,
});

export const updateRole = defineOperation({
  path: 'config/role/update',
  method: 'POST',
  permission: 'role.edit',
  summary: 'Change a role; valid 0/1 deletes and undeletes, active 0/1 freezes.',
  input: z.object({
    id: idIn,
    version,
    nameZh: str(100).optional(),
    nameEn: str(200)
      .refine((v) => !CHINESE.test(v), { params: { reason: 'E_NO_CHINESE' } })
      .optional(),
    active: flag.optional(),
    sort: roleSort.optional(),
    remark: clearable(500),
    scope: scopeKind.optional(),
    permissions: z.array(permission).optional(),
    valid: flag.optional(),
  }),
  output: roleDetail,
});
