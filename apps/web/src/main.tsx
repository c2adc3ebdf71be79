// Global styles first: component stylesheets loaded later may override the shared primitives.
import './styles/global.css';
import { afterNextPaint } from './lib/after-paint';
import { initialLanguage } from './lib/i18n/languages';
import { nextTask } from './lib/next-task';

/**
 * The start: languages, store, routes, first render. Each step imports its module when it runs
 * and is a task of its own (`nextTask`), so a phone is never busy for long at a time (the
 * Lighthouse TBT target, docs/development.md "How the storefront starts"). The start loader
 * (index.html) paints before any of it.
 */
async function start(): Promise<void> {
  await afterNextPaint();
  // The stored (or the browser's) language is loaded before the first render: no English flash.
  const { startI18n } = await import('./lib/i18n');
  await startI18n(initialLanguage());
  await nextTask();
  const { makeStore } = await import('./app/store');
  const store = makeStore();
  await nextTask();
  const { createRouter } = await import('./app/router');
  const router = createRouter();
  await nextTask();
  const { renderApp } = await import('./app/render');
  renderApp(document.getElementById('root')!, store, router);
}

void start();
