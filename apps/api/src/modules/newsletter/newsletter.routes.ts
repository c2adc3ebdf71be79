import { Router } from 'express';
import { MESSAGES, newsletterBodySchema, type NewsletterBody } from '@shop/shared';
import type { AppDeps } from '../../app.js';
import { validate } from '../../middleware/validate.js';
import { addSubscriber } from './newsletter.repository.js';

export function newsletterRouter({ database }: AppDeps): Router {
  const router = Router();
  router.post('/', validate(newsletterBodySchema), async (req, res) => {
    const { email } = req.body as NewsletterBody;
    await addSubscriber(database.db, email);
    res.status(201).json({ message: MESSAGES.subscribed });
  });
  return router;
}
