/** Types of the orders module that other modules name (docs/decisions/0292). Type-only: imports no code. */
export type { OrderRecord } from './orders.repository.js';
