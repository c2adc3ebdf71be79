import { createHash } from 'node:crypto';

/**
 * Names for statements prepared on the PostgreSQL server, one family per caller (`prefix`): a name
 * is drawn from the statement's text (node-postgres refuses one name for two texts), and at most
 * `max` texts of a process get one. The server keeps a named statement on every connection that
 * ran it (about 150 KB with its plan), so the first texts take the names and a text met once they
 * are all taken gets undefined: it runs as the protocol's unnamed statement, parsed every time.
 * PGlite ignores names. Decisions 0378 (catalogue) and 0394 (orders).
 */
export function statementNames(prefix: string, max: number): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= max) return known;
    const name = `${prefix}_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
    return name;
  };
}
