// Global styles first: component stylesheets loaded later may override the shared primitives.
import './styles/global.css';
import { afterNextPaint } from './lib/after-paint';
import { nextTask } from './lib/next-task';

/**
 * The start, in steps that are each a task of their own (issue 23). Run as one, evaluating the
 * libraries, building the store and the router and the first render were one task of 65-90 ms
 * on this machine, 260-350 ms on Lighthouse's phone (4x slower CPU), during which the phone
 * answers nothing. Every step's chunks are named in index.html (vite.config.ts, START_STEPS):
 * they all load with the entry, in parallel; only their evaluation is spread out.
 */
async function start(): Promise<void> {
  // The start loader (index.html, styled inline) paints first: no step's work holds it back.
  await afterNextPaint();
  // The stored (or the browser's) language is loaded before the first render: no English flash.
  const { startI18n } = await import('./lib/i18n');
  await startI18n();
  await nextTask();
  const { makeStore } = await import('./app/store');
  await nextTask();
  const store = makeStore();
  await nextTask();
  const { createRouter } = await import('./app/router');
  await nextTask();
  const router = createRouter();
  await nextTask();
  const { renderApp } = await import('./app/render');
  await nextTask();
  renderApp(document.getElementById('root')!, store, router);
}

void start();
