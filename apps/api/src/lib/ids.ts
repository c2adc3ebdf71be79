const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs inside; anything else can name nothing, so callers answer 404 without a query. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
