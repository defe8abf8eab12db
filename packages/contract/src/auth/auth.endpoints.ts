import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { LoginBodySchema } from './auth.schema.ts';
import { LoginResultWireSchema } from './auth.wire.ts';

const tag = '登录与会话';

export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/user/login',
    summary: '登录',
    tag,
    body: LoginBodySchema,
    data: LoginResultWireSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/user/logout',
    summary: '退出登录',
    tag,
    data: z.null(),
  }),
  tryLoginUserInfo: defineEndpoint({
    method: 'GET',
    path: '/api/user/tryLoginUserInfo',
    summary: '根据会话恢复登录用户信息',
    tag,
    data: LoginResultWireSchema,
  }),
};
