import type { InputOf, OperationDef, OutputOf } from '@qcdesk/contract/operation';
import { NodeEnvelope } from './envelope';

// A typed client of the QCDesk API for Node (issue 32): a third party's program calls the
// operations of @qcdesk/contract through the envelope of PROTOCOL.md, typed from the catalogue:
//
//   import { QcdeskClient } from '@qcdesk/client';
//   import { searchClients } from '@qcdesk/contract/client';
//   const qc = new QcdeskClient({ baseUrl: 'https://qc.example.com', clientCode: 'qcdesk-cli' });
//   await qc.signIn('api.user', process.env.QCDESK_PASSWORD!);
//   const page = await qc.call(searchClients, { page: 1, pageSize: 20 });   // typed input and output
//
// A refusal throws a `QcdeskError` with the reason key (PROTOCOL.md: stable on the wire), the
// message in the client's language and the field it concerns.

export { NodeEnvelope } from './envelope';

export interface QcdeskClientOptions {
  /** The server, e.g. `https://qc.example.com` (or `…/dev` for its sandbox). */
  baseUrl: string;
  /** The client code the server admits (`CLIENT_CODES`); `qcdesk-cli` by default. */
  clientCode?: string;
  /** The language of refusal messages. */
  lang?: 'zh' | 'en';
  /** A bearer token from an earlier sign-in. */
  token?: string;
  fetch?: typeof fetch;
}

/**
 * A refused call: `reason` is the stable key (`E_VERSION`, `E_PERMISSION`…), `code` the answer's code
 * (PROTOCOL.md: 403, 409…), `status` the HTTP status (200 for a refusal inside the envelope).
 */
export class QcdeskError extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly code: number,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'QcdeskError';
  }
}

interface Answer {
  success: boolean;
  data?: unknown;
  reason?: string;
  error?: string;
  code?: number;
  field?: string;
}

export class QcdeskClient {
  private envelope: NodeEnvelope | undefined;
  private readonly fetch: typeof fetch;
  private readonly baseUrl: string;
  token: string | undefined;

  constructor(private readonly options: QcdeskClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? fetch;
    this.token = options.token;
  }

  /** Signs in with a password (`auth`) and keeps the bearer token for the calls that follow. */
  async signIn(username: string, password: string): Promise<void> {
    const session = (await this.callPath('auth', 'POST', { username, password })) as { bearerToken: string };
    this.token = session.bearerToken;
  }

  /** Calls an operation of the catalogue: its input checked by the server, its output typed. */
  async call<Op extends OperationDef>(op: Op, input: InputOf<Op>): Promise<OutputOf<Op>> {
    return (await this.callPath(op.path, op.method, input)) as OutputOf<Op>;
  }

  private async callPath(path: string, method: string, body: unknown): Promise<unknown> {
    this.envelope ??= await this.handshake();
    const sealed = this.envelope.request(method, body);
    const code = encodeURIComponent(this.options.clientCode ?? 'qcdesk-cli');
    const response = await this.fetch(`${this.baseUrl}/api/${path}?cpt=${code}&format=json`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': this.options.lang === 'zh' ? 'zh-CN,zh' : 'en-US,en',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify(sealed),
    });
    const wire = (await response.json()) as { data?: unknown };
    // A refusal before the envelope was opened (a bad envelope) answers in clear text.
    const answer = (
      typeof wire.data === 'string' ? JSON.parse(this.envelope.open(wire.data)) : wire
    ) as Answer;
    if (!answer.success)
      throw new QcdeskError(
        answer.reason ?? 'UNKNOWN',
        answer.error ?? '',
        answer.code ?? response.status,
        response.status,
        answer.field,
      );
    return answer.data;
  }

  private async handshake(): Promise<NodeEnvelope> {
    const response = await this.fetch(`${this.baseUrl}/api/publickey`);
    if (!response.ok) throw new Error(`GET /api/publickey answered ${response.status}`);
    const envelope = new NodeEnvelope();
    await envelope.handshake(async () => (await response.json()) as { keyId: string; publicKey: string });
    return envelope;
  }
}
