// Global styles first: component stylesheets loaded later may override the shared primitives.
import './styles/global.css';
import { afterNextPaint } from './lib/after-paint';
import { initialLanguage } from './lib/i18n/languages';
import { nextTask } from './lib/next-task';

/**
 * The start: languages, store, routes, first render. Each step imports its module when it runs,
 * and evaluating a step's modules and running the step are tasks of their own (`nextTask`), so a
 * phone is never busy for long at a time (the Lighthouse TBT target, docs/development.md "How the
 * storefront starts"). The start loader (index.html) paints before any of it.
 */
async function start(): Promise<void> {
  await afterNextPaint();
  // The stored (or the browser's) language is loaded before the first render: no English flash.
  const { startI18n } = await import('./lib/i18n');
  await nextTask();
  await startI18n(initialLanguage());
  await nextTask();
  const { makeStore } = await import('./app/store');
  await nextTask();
  const store = makeStore();
  await nextTask();
  // The route table's modules (the shell, every feature's routes), then the router itself.
  const { createRouter } = await import('./app/router');
  await nextTask();
  const router = createRouter();
  await nextTask();
  // React DOM's evaluation, then the first render (a transition, rendered in slices).
  const { renderApp } = await import('./app/render');
  await nextTask();
  renderApp(document.getElementById('root')!, store, router);
}

void start();
