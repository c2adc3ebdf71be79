/**
 * When `text` first appears in the document, to the millisecond. Call it before the render: a
 * MutationObserver notes the moment as the DOM changes, so a `findBy…` that notices late on a busy
 * machine does not shorten a delay measured from it. The function returned stops watching and
 * answers the time (0 if never shown).
 */
export function watchShown(text: string): () => number {
  let at = 0;
  const note = () => {
    if (!at && document.body.textContent?.includes(text)) at = Date.now();
  };
  const observer = new MutationObserver(note);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return () => {
    observer.disconnect();
    note();
    return at;
  };
}
