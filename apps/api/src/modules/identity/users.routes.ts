import { Router } from 'express';
import { z } from 'zod';
import {
  MESSAGES,
  adminUserUpdateBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  messageSchema,
  profileUpdateBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  userInfoSchema,
  userListQuerySchema,
  userSchema,
  validateResetTokenResponseSchema,
  languageOf,
} from '@shop/shared';
import type { AppContext } from '../../deps.js';
import { answerPage, apiRoutes, idParams, totalCountHeader } from '../../http/route.js';
import { authRateLimiters } from '../../middleware/rate-limit.js';
import * as users from './users.service.js';

const userParams = idParams(MESSAGES.userNotFound);
const tokenParams = z.object({ token: z.string().meta({ description: 'The token of a mailed link' }) });

/** The users calls (docs/api.md#accounts). /profile and the token routes come before /:id. */
export function usersRouter(ctx: AppContext): Router {
  const router = Router();
  const routes = apiRoutes(router, ctx.guards);
  const limit = authRateLimiters(ctx);

  routes.post(
    '/login',
    { summary: 'Sign in', before: [limit.login], body: loginBodySchema, answer: userInfoSchema, errors: [401, 403, 429] },
    ({ body }) => users.login(ctx, body),
  );

  routes.post(
    '/',
    { summary: 'Register (mails a verification link)', before: [limit.register], body: registerBodySchema, status: 201, answer: messageSchema, errors: [429] },
    async ({ body }, req) => {
      await users.register(ctx, body, req.log, languageOf(req.get('accept-language')));
      return { message: MESSAGES.registrationSuccess };
    },
  );

  routes.get(
    '/verify/:token',
    { summary: 'Verify an e-mail address with its mailed link', params: tokenParams, answer: messageSchema, errors: [400] },
    async ({ params }) => {
      await users.verifyEmail(ctx, params.token);
      return { message: MESSAGES.emailVerified };
    },
  );

  routes.post(
    '/forgot-password',
    { summary: 'Mail a password reset link', before: [limit.forgot], body: forgotPasswordBodySchema, answer: messageSchema, errors: [429] },
    async ({ body }, req) => {
      await users.forgotPassword(ctx, body.email, req.log);
      return { message: MESSAGES.forgotSuccess };
    },
  );

  routes.get(
    '/validate-reset-token/:token',
    { summary: 'Whether a reset link is still valid', params: tokenParams, answer: validateResetTokenResponseSchema, errors: [400] },
    async ({ params }) => {
      await users.validateResetToken(ctx, params.token);
      return { valid: true as const };
    },
  );

  routes.post(
    '/reset-password/:token',
    { summary: 'Set a new password with a reset link (once)', before: [limit.reset], params: tokenParams, body: resetPasswordBodySchema, answer: messageSchema, errors: [429] },
    async ({ params, body }) => {
      await users.resetPassword(ctx, params.token, body.newPassword);
      return { message: MESSAGES.passwordReset };
    },
  );

  routes.get(
    '/profile',
    { summary: "The caller's account, with `pendingEmail` while an e-mail change waits for confirmation", access: 'user', answer: userSchema },
    ({ user }) => users.getProfile(ctx, user),
  );

  routes.put(
    '/profile',
    {
      summary:
        "Change the caller's name, language, phone and text message consent (`notify`; 400 PHONE_INVALID), e-mail or password (answers a fresh token). E-mail and password changes need `currentPassword` (401 WRONG_PASSWORD); a new e-mail waits for the link mailed to it (`pendingEmail`)",
      access: 'user',
      before: [limit.profile],
      body: profileUpdateBodySchema,
      answer: userInfoSchema,
      errors: [400, 401, 429],
    },
    ({ user, body }, req) => users.updateProfile(ctx, user, body, req.log),
  );

  routes.get(
    '/confirm-email/:token',
    { summary: 'Confirm a new e-mail address with the link mailed to it (once)', params: tokenParams, answer: messageSchema, errors: [400] },
    async ({ params }) => {
      await users.confirmEmailChange(ctx, params.token);
      return { message: MESSAGES.emailChangeConfirmed };
    },
  );

  routes.get(
    '/cancel-email/:token',
    {
      summary: 'Cancel a pending e-mail change with the link mailed to the old address (once)',
      description:
        'The link of the notice mailed to the account\'s current address when a change was asked (`APP_URL/cancel-email/{token}`). ' +
        '400 `INVALID_TOKEN` when the link is invalid, expired or used, or its change is no longer pending (confirmed, replaced, ' +
        'voided by a password change or cancelled from the profile).',
      params: tokenParams,
      answer: messageSchema,
      errors: [400],
    },
    async ({ params }) => {
      await users.cancelEmailChange(ctx, params.token);
      return { message: MESSAGES.emailChangeCancelled };
    },
  );

  routes.delete(
    '/profile/pending-email',
    {
      summary: "Cancel the caller's pending e-mail change (answers the profile, without `pendingEmail`; nothing pending is no error)",
      access: 'user',
      answer: userSchema,
    },
    ({ user }) => users.cancelPendingEmail(ctx, user),
  );

  routes.get(
    '/',
    {
      summary: 'Every user, or one page of them (admin)',
      access: 'admin',
      query: userListQuerySchema,
      answer: z.array(userSchema),
      answerHeaders: totalCountHeader('users'),
    },
    async ({ query }, _req, res) => {
      const { users: page, total } = await users.listAllUsers(ctx, query);
      return answerPage(res, page, total);
    },
  );

  routes.get(
    '/:id',
    { summary: 'A user (self or admin)', access: 'user', params: userParams, answer: userSchema, errors: [403] },
    ({ user, params }) => users.getUser(ctx, user, params.id),
  );

  routes.put(
    '/:id',
    { summary: 'Edit a user (admin)', access: 'admin', params: userParams, body: adminUserUpdateBodySchema, answer: userSchema },
    ({ user, params, body }) => users.updateUserAsAdmin(ctx, user, params.id, body),
  );

  routes.delete(
    '/:id',
    { summary: 'Delete a user (admin)', access: 'admin', params: userParams, answer: messageSchema },
    async ({ user, params }) => {
      await users.deleteUserAsAdmin(ctx, user, params.id);
      return { message: MESSAGES.userRemoved };
    },
  );

  return router;
}
