/**
 * The shape of a translated catalogue, in a module of its own so that the French and Arabic
 * catalogues can name it without importing `index.ts` (which loads them: an import cycle).
 */

/** A catalogue of another language: the English shape, with that language's plural keys. */
export interface Catalogue {
  [key: string]: string | readonly string[] | readonly Record<string, string>[] | Catalogue;
}
