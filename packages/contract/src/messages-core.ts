// The texts the transport and the sign-in need on every route (api/client.ts, api/server-text.ts of
// the web app), apart from the whole catalogue: the web's sign-in route stays within its JavaScript
// budget however many areas add their messages to messages.ts, which spreads these in.

export const transportMessages = {
  SUCCESS: { zh: '成功', en: 'Success' },
  E_PASSWORD_MISMATCH: { zh: '两次输入的密码不一致', en: 'Password must be equal repeatPassword' },
  E_PERMISSION: { zh: '没有权限', en: 'Invalid Permission' },
  E_BAD_REQUEST: { zh: '请求格式不正确', en: 'The request is malformed' },
  UNAUTHORIZED: { zh: '账号未登录', en: 'Unauthorized' },
  UNAUTHENTICATED: { zh: '响应校验失败', en: 'UnAuthenticated' },
  INVALID_ENCRYPTED: { zh: '密钥已过期，请刷新后重试', en: 'Invalid EncryptedMessage' },
  INTERNAL: { zh: '系统错误，请联系管理员', en: 'Internal Server Error' },
  NETWORK: { zh: '网络异常', en: 'Error:Network(网络异常)' },
  REFRESH_EXPIRED: { zh: '登录已过期', en: 'token expired' },
} as const;
