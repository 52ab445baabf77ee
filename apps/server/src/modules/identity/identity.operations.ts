import { areas } from '@qcdesk/contract';
import type { ModuleDeps } from '../../app';
import { AppError } from '../../platform/errors';
import { type OperationContext, type OperationRegistry, registerOperation } from '../../platform/registry';
import { createGroup, listGroups, updateGroup } from './groups.service';
import { createRole, listRoles, modulesOf, rolesAndPositions, updateRole } from './roles.service';
import { type IdentityDeps, logout, type RequestMeta, refreshSession, sessionInfo } from './session.service';
import {
  changePassword,
  codeLogin,
  confirmQr,
  createQrToken,
  forgotPassword,
  impersonate,
  interimLogin,
  issueInterimToken,
  passwordLogin,
  pollQr,
  sendLoginCode,
  sendVerifyCode,
  verifyAccount,
} from './sign-in.service';
import {
  createUser,
  getSetting,
  getUser,
  registerUser,
  searchUsers,
  updateAccount,
  updateSetting,
  updateUser,
} from './users.service';

const ops = areas.identity;

const meta = (ctx: OperationContext): RequestMeta => ({
  ip: ctx.request.ip,
  userAgent: ctx.request.headers['user-agent'] ?? null,
  lang: ctx.lang,
});

/** The signed-in caller; operations that are not public never run without one. */
const signedIn = (ctx: OperationContext) => {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', {}, { status: 401 });
  return ctx.user;
};

export function registerIdentityOperations(registry: OperationRegistry, deps: ModuleDeps): void {
  const identity: IdentityDeps = { config: deps.config, tokens: deps.tokens, principals: deps.principals };

  // Sessions
  registerOperation(registry, ops.login, (input, ctx) => passwordLogin(ctx.db, identity, input, meta(ctx)), {
    transaction: false,
  });
  registerOperation(registry, ops.refreshAccessToken, (input, ctx) =>
    refreshSession(ctx.db, identity, input.refreshToken),
  );
  registerOperation(registry, ops.check, (_input, ctx) => sessionInfo(ctx.db, signedIn(ctx), ctx.lang));
  registerOperation(registry, ops.logout, async (input, ctx) => {
    await logout(ctx.db, identity, ctx.user, input.refreshToken);
    return {};
  });

  // Other sign-in modes
  registerOperation(registry, ops.sendLoginCode, async (input, ctx) => {
    await sendLoginCode(ctx.db, identity, input.account, meta(ctx));
    ctx.setMessage('CODE_SENT');
    return { sent: true };
  });
  registerOperation(registry, ops.codeLogin, (input, ctx) => codeLogin(ctx.db, identity, input, meta(ctx)));
  registerOperation(registry, ops.qrToken, (_input, ctx) => createQrToken(ctx.db, identity, ctx.lang));
  registerOperation(registry, ops.qrStatus, (input, ctx) =>
    pollQr(ctx.db, identity, input.pollKey, meta(ctx)),
  );
  registerOperation(registry, ops.qrConfirm, (input, ctx) =>
    confirmQr(ctx.db, signedIn(ctx), input.token, input.approve),
  );
  registerOperation(registry, ops.forgotPassword, async (input, ctx) => {
    await forgotPassword(ctx.db, identity, input.account, meta(ctx));
    ctx.setMessage('MAIL_SENT');
    return { sent: true };
  });
  registerOperation(registry, ops.changePassword, async (input, ctx) => {
    await changePassword(ctx.db, identity, ctx.user, input, meta(ctx));
    return {};
  });
  registerOperation(registry, ops.sendVerifyCode, async (_input, ctx) => {
    const answer = await sendVerifyCode(ctx.db, signedIn(ctx), ctx.lang);
    if (answer.sent) ctx.setMessage('CODE_SENT');
    return answer;
  });
  registerOperation(registry, ops.verifyAccount, (input, ctx) =>
    verifyAccount(ctx.db, identity, signedIn(ctx), input.verifyCode, meta(ctx)),
  );
  registerOperation(registry, ops.interimToken, (input, ctx) =>
    issueInterimToken(ctx.db, identity, signedIn(ctx), input, ctx.lang),
  );
  registerOperation(registry, ops.interimLogin, (input, ctx) =>
    interimLogin(ctx.db, identity, input.token, meta(ctx)),
  );
  registerOperation(registry, ops.impersonate, (input, ctx) =>
    impersonate(ctx.db, identity, signedIn(ctx), input.username, meta(ctx)),
  );

  // Users
  registerOperation(registry, ops.getUser, async (input, ctx) => {
    const { detail, flags } = await getUser(ctx.db, input.id, signedIn(ctx), ctx.lang);
    ctx.setFlags(flags);
    return detail;
  });
  registerOperation(registry, ops.searchUsers, (input, ctx) =>
    searchUsers(ctx.db, input, signedIn(ctx), ctx.lang),
  );
  registerOperation(registry, ops.createUser, (input, ctx) =>
    createUser(ctx.db, identity, input, signedIn(ctx), ctx.lang),
  );
  registerOperation(registry, ops.updateUser, (input, ctx) =>
    updateUser(ctx.db, identity, input, signedIn(ctx)),
  );
  registerOperation(registry, ops.register, (input, ctx) => registerUser(ctx.db, input, signedIn(ctx)));
  registerOperation(registry, ops.updateAccount, (input, ctx) =>
    updateAccount(ctx.db, identity, input, signedIn(ctx)),
  );
  registerOperation(registry, ops.getUserSetting, (_input, ctx) => getSetting(ctx.db, signedIn(ctx)));
  registerOperation(registry, ops.updateUserSetting, (input, ctx) =>
    updateSetting(ctx.db, input, signedIn(ctx)),
  );

  // Roles, groups, modules
  registerOperation(registry, ops.roles, (_input, ctx) => rolesAndPositions(ctx.db));
  registerOperation(registry, ops.groups, (_input, ctx) => listGroups(ctx.db));
  registerOperation(registry, ops.createGroup, (input, ctx) => createGroup(ctx.db, input, signedIn(ctx)));
  registerOperation(registry, ops.updateGroup, (input, ctx) => updateGroup(ctx.db, input, signedIn(ctx)));
  registerOperation(registry, ops.modules, (_input, ctx) => modulesOf(ctx.db, signedIn(ctx)));
  registerOperation(registry, ops.listRoles, (_input, ctx) => listRoles(ctx.db));
  registerOperation(registry, ops.createRole, (input, ctx) => createRole(ctx.db, input, signedIn(ctx)));
  registerOperation(registry, ops.updateRole, (input, ctx) =>
    updateRole(ctx.db, deps.principals, input, signedIn(ctx)),
  );
}
