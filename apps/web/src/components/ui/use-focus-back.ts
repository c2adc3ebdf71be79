import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Gives the focus back to `target` (the button that opened a dialog) in the commit that closes
 * the dialog (`open` from true to false): it is never left on the page in between, not even for
 * the timer tick a deferred focus() would wait.
 */
export function useFocusBackOnClose(open: boolean, target: RefObject<HTMLElement | null>): void {
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    if (wasOpen.current && !open) target.current?.focus();
    wasOpen.current = open;
  }, [open, target]);
}
