/**
 * An order's sessions as an iCalendar file (docs/decisions/0292): attached to the orders
 * module's mails and answered by its calendar route. Imports nothing of another module's
 * services (only the orders module's types), so orders can use it without a cycle.
 */
export { orderCalendar } from './calendar.js';
