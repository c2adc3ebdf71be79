/** The one error type the API throws; the error middleware turns it into `{ message }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: { path: string; message: string }[],
    /** A stable code beside the message (docs/api.md#basics), e.g. SERVICE_UNAVAILABLE. */
    readonly code?: string,
    /** More fields of the answer's body for a client to act on (e.g. the new amounts of PRICE_CHANGED). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: { path: string; message: string }[]) =>
  new AppError(400, message, details);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
