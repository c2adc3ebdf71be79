import { useEffect } from 'react';

/**
 * While the page is shown, search engines are told to leave it out (`<meta name="robots"
 * content="noindex">`), as the server-rendered head of the same address says (issue 35).
 */
export function useNoindex(): void {
  useEffect(() => {
    const existing = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (existing) {
      const before = existing.content;
      existing.content = 'noindex';
      return () => {
        existing.content = before;
      };
    }
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
