// Global styles first: component stylesheets loaded later may override the shared primitives.
import './styles/global.css';
import { afterNextPaint } from './lib/after-paint';
import { initialLanguage } from './lib/i18n/languages';
import { nextTask } from './lib/next-task';

/**
 * The start, in steps that are each a task of their own (issue 23). Run as one, evaluating the
 * libraries, building the store and the router and the first render were one task of 65-90 ms
 * on this machine, 260-350 ms on Lighthouse's phone (4x slower CPU), during which the phone
 * answers nothing; in four steps, each step was still a task of 30-60 ms. Each step evaluates
 * one chunk of its own (vite.config.ts, the `start-*` groups), and every step's chunk is named
 * in index.html (START_STEPS): they all load with the entry, in parallel; only their evaluation
 * is spread out. A library step names one export: `import()` of the bare namespace would keep
 * the whole library in the bundle (35 KB gzip more, measured).
 */
async function start(): Promise<void> {
  // The start loader (index.html, styled inline) paints first: no step's work holds it back.
  await afterNextPaint();
  // afterNextPaint resolves inside an animation frame's task: the steps start after that frame.
  await nextTask();
  // The first read of local storage opens it, a synchronous trip to the browser process
  // (2-45 ms measured under Lighthouse, which starts each run with storage cleared): a task of
  // its own.
  const language = initialLanguage();
  await nextTask();
  // The stored (or the browser's) language is loaded before the first render: no English flash.
  const { startI18n } = await import('./lib/i18n');
  await nextTask();
  await startI18n(language);
  await nextTask();
  // Redux Toolkit with Immer and Redux, then RTK Query with the API slice, then the store's own
  // module: three evaluations, not one.
  await import('@reduxjs/toolkit').then(({ configureStore }) => configureStore);
  await nextTask();
  await import('./lib/api/base');
  await nextTask();
  const { makeStore } = await import('./app/store');
  await nextTask();
  const store = makeStore();
  await nextTask();
  // React Router's library, then the shop's route table and shell.
  await import('react-router').then(({ createBrowserRouter }) => createBrowserRouter);
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
