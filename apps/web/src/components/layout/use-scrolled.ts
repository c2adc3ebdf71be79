import { useEffect, useState } from 'react';

/** True once the window is scrolled at least `threshold` px (the navigation bar changes style from 60 px). */
export function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== 'undefined' && window.scrollY >= threshold);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY >= threshold);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
