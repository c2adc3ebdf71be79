export * from './categories.js';
export * from './money.js';
export * from './messages.js';
export * from './schemas/common.js';
export * from './schemas/users.js';
export * from './schemas/courses.js';
export * from './schemas/orders.js';
export * from './schemas/newsletter.js';
