import { z } from '../zod.js';

export const newsletterBodySchema = z.object({
  email: z
    .string({ error: 'Please enter your email' })
    .trim()
    .min(1, 'Please enter your email')
    .max(254, 'Email is too long')
    .pipe(z.email('Please enter a valid email')),
});
export type NewsletterBody = z.infer<typeof newsletterBodySchema>;
