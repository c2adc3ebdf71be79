import type { ReactNode } from 'react';
import './auth-card.css';

/** The centred card every sign-in screen sits in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container page auth-card__page">
      <section className="auth-card" aria-labelledby="auth-card-title">
        <h1 id="auth-card-title" className="auth-card__title">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
