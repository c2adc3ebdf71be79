import { z } from '../zod.js';

/**
 * Moving a learner to another session of the same course (issue 34; docs/product.md#rules,
 * "Sessions"; decision 0396): `POST /api/sessions/{id}/move {order, to}` (admin) moves the
 * order's line in session `{id}` to session `to` and answers the order.
 */
const idField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be an id`);

export const sessionMoveBodySchema = z.object({
  /** The order whose line is in the session of the path. */
  order: idField('Order'),
  /** The session of the same course the seats go to. */
  to: idField('Target session'),
});
export type SessionMoveBody = z.input<typeof sessionMoveBodySchema>;

/** The `changes` the order's history keeps of a move: the start of each session. */
export const orderMoveSchema = z.object({
  from: z.string().meta({ description: 'ISO start of the session the learner left' }),
  to: z.string().meta({ description: 'ISO start of the session the learner joined' }),
});
export type OrderMove = z.infer<typeof orderMoveSchema>;
