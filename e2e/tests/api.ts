import { EnvelopeClient } from '@qcdesk/contract/envelope';
import { uploadToken } from '@qcdesk/contract/files';
import {
  changePassword,
  createGroup,
  createUser,
  getUser,
  login,
  searchUsers,
} from '@qcdesk/contract/identity';
import { searchMail } from '@qcdesk/contract/mail';
import type { InputOf, OperationDef, OutputOf } from '@qcdesk/contract/operation';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './accounts';

// Setting up a spec's own data through the envelope, as the web app and the CLI speak it: specs run
// two at a time, so a user or group a spec changes (password, e-mail, lockout, settings, state) is
// its own, never a seeded demo user another spec signs in as.

interface Sealed {
  success: boolean;
  data: unknown;
  error?: string;
  code?: number;
}

/** One client of the product's API: its own envelope key and, once signed in, a bearer token. */
export class Api {
  private readonly envelope: EnvelopeClient;
  private bearer: string | null = null;

  constructor(private readonly baseURL: string) {
    this.envelope = new EnvelopeClient(async () => (await fetch(`${baseURL}/api/publickey`)).json());
  }

  /** An API client signed in with a password (the administrator's unless told otherwise). */
  static async signedIn(baseURL: string, username = 'admin', password = ADMIN_PASSWORD): Promise<Api> {
    const api = new Api(baseURL);
    api.bearer = (await api.call(login, { username, password })).bearerToken;
    return api;
  }

  async call<Op extends OperationDef>(op: Op, input: InputOf<Op>): Promise<OutputOf<Op>> {
    const sealed = await this.envelope.sealCall(op.method, input);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'accept-language': 'en',
    };
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const response = await fetch(`${this.baseURL}/api/${op.path}?cpt=qcdesk-web&format=json`, {
      method: 'POST',
      headers,
      body: JSON.stringify(sealed.body),
    });
    const body = (await response.json()) as { data?: string; error?: string };
    if (typeof body.data !== 'string') {
      throw new Error(`${op.path}: HTTP ${response.status} ${JSON.stringify(body)}`);
    }
    const result = (await sealed.open(body.data)) as Sealed;
    if (!result.success) throw new Error(`${op.path}: ${result.code} ${result.error}`);
    return result.data as OutputOf<Op>;
  }
}

/** A user a spec owns: signs in with the demo password, like the seeded users. */
export interface OwnUser {
  id: string;
  username: string;
  password: string;
  /** The Chinese name, which the users list links by. */
  name: string;
  /** The English name, which the greeting shows in English. */
  englishName: string;
  email: string;
}

/** A per-test suffix for names and codes: unique across the workers of one run. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/**
 * Creates a verified user with the same role, department, position, groups and modules as a seeded
 * demo user, the way an administrator does (user create, the welcome mail's link sets the password).
 */
export async function createOwnUser(
  baseURL: string,
  like: string,
  label: string,
  /** A CLIENT user of another client than the model's. */
  override: { clientId?: string } = {},
): Promise<OwnUser> {
  const admin = await Api.signedIn(baseURL);
  const found = await admin.call(searchUsers, { name: like, pageSize: 50 });
  const model = found.list.find((u) => u.username === like);
  if (!model) throw new Error(`no seeded user ${like}`);
  const detail = await admin.call(getUser, { id: model.id });
  const suffix = uniqueSuffix();
  const username = `e2e.${label}.${suffix}`.toLowerCase();
  const email = `${username}@example.com`;
  const name = `端到端${label}${suffix}`;
  const englishName = `E2E ${label} ${suffix}`;
  const { id } = await admin.call(createUser, {
    username,
    name,
    englishName,
    email,
    departmentId: detail.departmentId,
    position: detail.position,
    roleId: detail.roleId,
    groupIds: detail.groupIds,
    modules: detail.modules as InputOf<typeof createUser>['modules'],
    ...(detail.clientId ? { clientId: override.clientId ?? detail.clientId } : {}),
  });
  const token = await welcomeToken(admin, email);
  await new Api(baseURL).call(changePassword, {
    token,
    password: DEMO_PASSWORD,
    repeatPassword: DEMO_PASSWORD,
  });
  return { id, username, password: DEMO_PASSWORD, name, englishName, email };
}

/** The set-password token of the welcome mail to `email`, read from the dev mailbox. */
async function welcomeToken(admin: Api, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = await admin.call(searchMail, { to: email, pageSize: 5 });
    const token = mails.list
      .map((mail) => /\/password\?token=([^\s"&<]+)/.exec(mail.text)?.[1])
      .find(Boolean);
    if (token) return decodeURIComponent(token);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no welcome mail to ${email}`);
}

/** A group a spec owns, active, with no modules (so toggling it changes nobody's menu). */
export async function createOwnGroup(baseURL: string, label: string): Promise<{ id: string; name: string }> {
  const admin = await Api.signedIn(baseURL);
  const name = `E2E ${label} ${uniqueSuffix()}`;
  const group = await admin.call(createGroup, { name, state: 1, modules: [] });
  return { id: group.id, name: group.name };
}

/** Uploads a file as `api`'s user (spec §7: multipart `file`, the upload token as Authorization); answers its id. */
export async function uploadAs(
  baseURL: string,
  api: Api,
  name: string,
  content: Buffer | string,
  type: string,
): Promise<string> {
  const { token } = await api.call(uploadToken, {});
  const form = new FormData();
  const bytes = typeof content === 'string' ? content : new Uint8Array(content);
  form.append('file', new Blob([bytes], { type }), name);
  const response = await fetch(`${baseURL}/api/file/upload`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  const body = (await response.json()) as { data?: { id: string } };
  if (!body.data) throw new Error(`upload: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body.data.id;
}
