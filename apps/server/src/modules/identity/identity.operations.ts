import { areas } from '@qcdesk/contract';
import { users } from '../../db/schema/identity';
import type { Principal } from '../../platform/auth';
import { defineModule, type ModuleDeps } from '../../platform/module';
import {
  type OperationContext,
  type OperationRegistry,
  registerOperation,
  registerPublicOperation,
  serve,
} from '../../platform/registry';
import { changePassword, forgotPassword } from './account-recovery.service';
import { createGroup, listGroups, updateGroup } from './groups.service';
import {
  INTERIM_LOGIN_MAIL,
  LOGIN_CODE_MAIL,
  RESET_PASSWORD_MAIL,
  VERIFY_CODE_MAIL,
  WELCOME_MAIL,
} from './identity.mails';
import { seedIdentity } from './identity.seed';
import { createRole, listRoles, modulesOf, rolesAndPositions, updateRole } from './roles.service';
import { type IdentityDeps, logout, type RequestMeta, refreshSession, sessionInfo } from './session.service';
import { impersonate, interimLogin, issueInterimToken, passwordLogin } from './sign-in.service';
import { codeLogin, sendLoginCode, sendVerifyCode, verifyAccount } from './sign-in-codes.service';
import { confirmQr, createQrToken, pollQr } from './sign-in-qr.service';
import { getSetting, updateAccount, updateSetting } from './user-account.service';
import { createUser, getUser, registerUser, searchUsers, updateUser } from './users.service';

const ops = areas.identity;

const meta = (ctx: OperationContext<Principal | null>): RequestMeta => ({
  ip: ctx.request.ip,
  userAgent: ctx.request.headers['user-agent'] ?? null,
  lang: ctx.lang,
});

function registerIdentityOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const identity: IdentityDeps = { config: deps.config, tokens: deps.tokens, principals: deps.principals };

  // Sessions
  registerPublicOperation(
    registry,
    ops.login,
    (input, ctx) => passwordLogin(ctx.db, identity, input, meta(ctx)),
    {
      transaction: false,
    },
  );
  registerPublicOperation(registry, ops.refreshAccessToken, (input, ctx) =>
    refreshSession(ctx.db, identity, input.refreshToken),
  );
  registerOperation(registry, ops.check, (_input, ctx) => sessionInfo(ctx.db, ctx.user, ctx.lang));
  registerPublicOperation(registry, ops.logout, async (input, ctx) => {
    await logout(ctx.db, identity, ctx.user, input.refreshToken);
    return {};
  });

  // Other sign-in modes
  registerPublicOperation(registry, ops.sendLoginCode, async (input, ctx) => {
    await sendLoginCode(ctx.db, identity, input.account, meta(ctx));
    ctx.setMessage('CODE_SENT');
    return { sent: true };
  });
  registerPublicOperation(registry, ops.codeLogin, (input, ctx) =>
    codeLogin(ctx.db, identity, input, meta(ctx)),
  );
  registerPublicOperation(registry, ops.qrToken, (_input, ctx) => createQrToken(ctx.db, identity, ctx.lang));
  registerPublicOperation(registry, ops.qrStatus, (input, ctx) =>
    pollQr(ctx.db, identity, input.pollKey, meta(ctx)),
  );
  registerOperation(registry, ops.qrConfirm, (input, ctx) =>
    confirmQr(ctx.db, ctx.user, input.token, input.approve),
  );
  registerPublicOperation(registry, ops.forgotPassword, async (input, ctx) => {
    await forgotPassword(ctx.db, identity, input.account, meta(ctx));
    ctx.setMessage('MAIL_SENT');
    return { sent: true };
  });
  registerPublicOperation(registry, ops.changePassword, async (input, ctx) =>
    changePassword(ctx.db, identity, ctx.user, input, meta(ctx)),
  );
  registerOperation(registry, ops.sendVerifyCode, async (_input, ctx) => {
    const answer = await sendVerifyCode(ctx.db, ctx.user, ctx.lang);
    if (answer.sent) ctx.setMessage('CODE_SENT');
    return answer;
  });
  registerOperation(registry, ops.verifyAccount, (input, ctx) =>
    verifyAccount(ctx.db, identity, ctx.user, input.verifyCode, meta(ctx)),
  );
  registerOperation(registry, ops.interimToken, (input, ctx) =>
    issueInterimToken(ctx.db, identity, ctx.user, input, ctx.lang),
  );
  registerPublicOperation(registry, ops.interimLogin, (input, ctx) =>
    interimLogin(ctx.db, identity, input.token, meta(ctx)),
  );
  registerOperation(registry, ops.impersonate, (input, ctx) =>
    impersonate(ctx.db, identity, ctx.user, input.username, meta(ctx)),
  );

  // Users
  registerOperation(registry, ops.getUser, async (input, ctx) => {
    const { detail, flags } = await getUser(ctx.db, input.id, ctx.user, ctx.lang);
    ctx.setFlags(flags);
    return detail;
  });
  registerOperation(registry, ops.searchUsers, (input, ctx) =>
    searchUsers(ctx.db, input, ctx.user, ctx.lang),
  );
  registerOperation(registry, ops.createUser, (input, ctx) =>
    createUser(ctx.db, identity, input, ctx.user, ctx.lang),
  );
  registerOperation(registry, ops.updateUser, (input, ctx) => updateUser(ctx.db, identity, input, ctx.user));
  serve(registry, ops.register, registerUser);
  registerOperation(registry, ops.updateAccount, (input, ctx) =>
    updateAccount(ctx.db, identity, input, ctx.user),
  );
  registerOperation(registry, ops.getUserSetting, async (_input, ctx) =>
    getSetting(ctx.db, await deps.files.ready(), ctx.user),
  );
  registerOperation(registry, ops.updateUserSetting, async (input, ctx) =>
    updateSetting(ctx.db, await deps.files.ready(), input, ctx.user),
  );

  // Roles, groups, modules
  registerOperation(registry, ops.roles, (_input, ctx) => rolesAndPositions(ctx.db));
  registerOperation(registry, ops.groups, (input, ctx) => listGroups(ctx.db, input));
  serve(registry, ops.createGroup, createGroup);
  serve(registry, ops.updateGroup, updateGroup);
  registerOperation(registry, ops.modules, (_input, ctx) => modulesOf(ctx.db, ctx.user));
  registerOperation(registry, ops.listRoles, (_input, ctx) => listRoles(ctx.db));
  serve(registry, ops.createRole, createRole);
  registerOperation(registry, ops.updateRole, (input, ctx) =>
    updateRole(ctx.db, deps.principals, input, ctx.user),
  );
}

export const identityModule = defineModule({
  name: 'identity',
  mails: [LOGIN_CODE_MAIL, VERIFY_CODE_MAIL, RESET_PASSWORD_MAIL, WELCOME_MAIL, INTERIM_LOGIN_MAIL],
  register: registerIdentityOperations,
  seed: seedIdentity,
  names: {
    user: {
      table: users,
      key: users.id,
      names: (row) => {
        const name = String(row.name);
        return { zh: name, en: (row.englishName as string | null) || name };
      },
    },
  },
});
