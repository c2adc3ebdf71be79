import { Router } from 'express';
import {
  MESSAGES,
  adminUserUpdateBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  profileUpdateBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  userListQuerySchema,
  type AdminUserUpdateBody,
  type ForgotPasswordBody,
  type LoginBody,
  type ProfileUpdateBody,
  type ResetPasswordBody,
  type UserListQuery,
} from '@shop/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app.js';
import { currentUser, requireAdmin, requireAuth } from '../../middleware/auth.js';
import { authRateLimiters } from '../../middleware/rate-limit.js';
import { pathParam, validate } from '../../middleware/validate.js';
import * as users from './users.service.js';

/** CONTRACT §4 Users. /profile and the token routes come before /:id. */
export function usersRouter(deps: AppDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);
  const limit = authRateLimiters(deps);

  router.post('/login', limit.login, validate(loginBodySchema), async (req, res) => {
    res.json(await users.login(deps, req.body as LoginBody));
  });

  router.post('/', limit.register, validate(registerBodySchema), async (req, res) => {
    await users.register(deps, req.body as z.output<typeof registerBodySchema>, req.log);
    res.status(201).json({ message: MESSAGES.registrationSuccess });
  });

  router.get('/verify/:token', async (req, res) => {
    await users.verifyEmail(deps, pathParam(req, 'token'));
    res.json({ message: MESSAGES.emailVerified });
  });

  router.post('/forgot-password', limit.forgot, validate(forgotPasswordBodySchema), async (req, res) => {
    await users.forgotPassword(deps, (req.body as ForgotPasswordBody).email, req.log);
    res.json({ message: MESSAGES.forgotSuccess });
  });

  router.get('/validate-reset-token/:token', async (req, res) => {
    await users.validateResetToken(deps, pathParam(req, 'token'));
    res.json({ valid: true });
  });

  router.post('/reset-password/:token', limit.reset, validate(resetPasswordBodySchema), async (req, res) => {
    await users.resetPassword(deps, pathParam(req, 'token'), (req.body as ResetPasswordBody).newPassword);
    res.json({ message: MESSAGES.passwordReset });
  });

  router.get('/profile', auth, async (req, res) => {
    res.json(await users.getUser(deps, currentUser(req), currentUser(req).id));
  });

  router.put('/profile', auth, validate(profileUpdateBodySchema), async (req, res) => {
    res.json(await users.updateProfile(deps, currentUser(req), req.body as ProfileUpdateBody));
  });

  router.get('/', auth, requireAdmin, validate(userListQuerySchema, 'query'), async (req, res) => {
    const { users: page, total } = await users.listAllUsers(deps, req.query as UserListQuery);
    res.setHeader('X-Total-Count', String(total));
    res.json(page);
  });

  router.get('/:id', auth, async (req, res) => {
    res.json(await users.getUser(deps, currentUser(req), pathParam(req, 'id')));
  });

  router.put('/:id', auth, requireAdmin, validate(adminUserUpdateBodySchema), async (req, res) => {
    res.json(await users.updateUserAsAdmin(deps, currentUser(req), pathParam(req, 'id'), req.body as AdminUserUpdateBody));
  });

  router.delete('/:id', auth, requireAdmin, async (req, res) => {
    await users.deleteUserAsAdmin(deps, currentUser(req), pathParam(req, 'id'));
    res.json({ message: MESSAGES.userRemoved });
  });

  return router;
}
