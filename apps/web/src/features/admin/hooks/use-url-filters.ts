import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters live in the URL (?q=…&status=…), so a filtered list can be bookmarked,
 * shared and reloaded. Changing a filter goes back to page 1. `keys` is a constant of the screen.
 */
export function useUrlFilters<Key extends string>(keys: readonly Key[]) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const found: Partial<Record<Key, string>> = {};
    for (const key of keys) {
      const value = params.get(key);
      if (value) found[key] = value;
    }
    return found;
  }, [params, keys]);
  const setFilters = useCallback(
    (next: Partial<Record<Key, string>>) => {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const key of keys) {
          const value = next[key]?.trim();
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        updated.delete('page');
        return updated;
      });
    },
    [setParams, keys],
  );
  return [values, setFilters] as const;
}
