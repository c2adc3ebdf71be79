import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { NewsletterFields } from './newsletter-fields';

/**
 * The form comes in its own chunk with the form library and zod, which the rest of the first
 * screen does not need. It loads when the footer comes near the screen, or as soon as someone
 * points at, taps or tabs into the box (issue 23: on a phone's first screen the footer is out
 * of sight, and those 40 KB of script cost the start its longest task; loaded when the browser
 * was idle after the start loader, its evaluation still fell in the first seconds on a phone).
 * Until then the same box
 * stands in, read-only, and stays if the chunk cannot be loaded, rather than taking the shell
 * down with it.
 */
const NewsletterForm = lazy(() =>
  import('./newsletter-form').then(
    (m) => ({ default: m.NewsletterForm }),
    (): { default: (props: { autoFocus?: boolean }) => ReactNode } => ({
      default: () => <NewsletterStandIn />,
    }),
  ),
);

/** How far below the screen the footer starts loading its form. */
const NEAR_SCREEN = '200px';

export function Newsletter() {
  // Without IntersectionObserver (old browsers, tests) the form loads at once, as it used to.
  const [wanted, setWanted] = useState<'no' | 'yes' | 'focus'>(() =>
    typeof IntersectionObserver === 'undefined' ? 'yes' : 'no',
  );
  const standIn = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const box = standIn.current;
    if (wanted !== 'no' || !box) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted('yes');
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [wanted]);

  if (wanted === 'no') {
    return (
      <NewsletterStandIn
        ref={standIn}
        onPointerDown={() => setWanted('yes')}
        // Tabbed or tapped into: the real box takes the focus when it arrives.
        onFocus={() => setWanted('focus')}
      />
    );
  }
  return (
    <Suspense fallback={<NewsletterStandIn />}>
      <NewsletterForm autoFocus={wanted === 'focus'} />
    </Suspense>
  );
}

function NewsletterStandIn({
  ref,
  onPointerDown,
  onFocus,
}: {
  ref?: Ref<HTMLFormElement>;
  onPointerDown?: () => void;
  onFocus?: () => void;
}) {
  const inputId = useId();
  const statusId = useId();
  return (
    <form
      ref={ref}
      className="newsletter"
      aria-describedby={statusId}
      onSubmit={(e) => e.preventDefault()}
      onPointerDown={onPointerDown}
      onFocus={onFocus}
    >
      <NewsletterFields
        inputId={inputId}
        statusId={statusId}
        input={{ readOnly: true }}
        busy={false}
      />
    </form>
  );
}
