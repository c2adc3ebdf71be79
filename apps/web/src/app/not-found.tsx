import { text } from '@/lib/i18n';

/** Every unknown route, and the kids' Quizz link /notfound (CONTRACT §5). */
export function NotFound() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{text.common.notFound}</h1>
    </section>
  );
}
