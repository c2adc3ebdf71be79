/**
 * Parts of one line of text (a session's dates, schedule and place) joined by " · ", each in its
 * own `<bdi>`: on an Arabic page a Latin place ("Tunis, Lac 2") or a French schedule keeps its
 * own direction and the parts stay in order (issue 54: "Sat and Sun · 2026 ديسمبر 12–13 / …").
 * Empty parts are left out. For an `<option>`, which cannot hold elements: isolatedText.
 */
export function IsolatedParts({ parts }: { parts: readonly (string | null | undefined)[] }) {
  const shown = parts.filter((part): part is string => Boolean(part));
  return (
    <>
      {shown.map((part, i) => (
        <span key={i}>
          {i > 0 && ' · '}
          <bdi>{part}</bdi>
        </span>
      ))}
    </>
  );
}

/** The same line as plain text, each part between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE. */
export function isolatedText(parts: readonly (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => Boolean(part))
    .map((part) => `\u2068${part}\u2069`)
    .join(' · ');
}
