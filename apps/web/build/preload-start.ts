/**
 * The start's steps load with the HTML. main.tsx imports each step's module dynamically (so that
 * each evaluates in a task of its own); left at that, the browser would learn of their files only
 * once the entry ran, one round trip later. This plugin names, in the built index.html, the files
 * of the entry script's dynamic imports (and what those files import) as `modulepreload`, and
 * their styles as `preload`s, never render-blocking stylesheets (the entry's own included: Vite's
 * loader applies them at the first step, decision 0297). All at low priority, as the server's
 * route preloads (decision 0290): nothing of them is drawn before the start loader's first paint,
 * which must not wait behind their 180 KB on a phone. `pnpm bench:web`
 * follows these links: they count as the start's JavaScript. Lazy routes and languages are not
 * among them: the start's modules import them, not the entry script.
 */
import type { Plugin, Rollup } from 'vite';
import { isEntryScript } from './chunks.js';

export function preloadStart(): Plugin {
  let steps: string[] = [];
  return {
    name: 'shop:preload-start',
    apply: 'build',
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      steps = [...this.getModuleIds()]
        .filter((id) => isEntryScript(id, info))
        .flatMap((id) => info(id)?.dynamicallyImportedIds ?? []);
    },
    transformIndexHtml: {
      order: 'post',
      handler(builtHtml, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter(
          (c): c is Rollup.OutputChunk => c.type === 'chunk',
        );
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const withImports = (file: string, into = new Set<string>()): Set<string> => {
          if (into.has(file)) return into;
          into.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) withImports(imported, into);
          return into;
        };
        const linked = new Set(
          chunks.filter((c) => c.isEntry).flatMap((entry) => [...withImports(entry.fileName)]),
        );
        const stepFiles = steps.map((id) => {
          const chunk =
            chunks.find((c) => c.facadeModuleId === id) ??
            chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`the start's step ${id} is in no chunk of the build`);
          return chunk.fileName;
        });
        const stepFilesWithImports = new Set(stepFiles.flatMap((file) => [...withImports(file)]));
        const files = [...stepFilesWithImports].filter((file) => !linked.has(file));
        const cssOf = (file: string) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])];
        // Every style the start needs is applied by Vite's loader at the first step's import (it
        // appends the step's stylesheets and waits for them): none has to block the first paint.
        const stepCss = new Set([...stepFilesWithImports].flatMap(cssOf));
        const linkedCss = new Set([...linked].flatMap(cssOf));
        const styles = [...stepCss].filter((file) => !linkedCss.has(file));
        // Vite links the entry's styles as stylesheets: those a step brings become preloads.
        // Its modulepreloads (the files the entry script imports) load at low priority too.
        const html = builtHtml.replace(/<link\b[^>]*>/g, (tag) => {
          const file = /\bhref="\/([^"]+)"/.exec(tag)?.[1];
          if (/\brel="modulepreload"/.test(tag))
            return tag.replace(/\s*>$/, ' fetchpriority="low">');
          if (!/\brel="stylesheet"/.test(tag) || !file || !stepCss.has(file)) return tag;
          return `<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${file}">`;
        });
        return {
          html,
          tags: [
            ...styles.map((file) => ({
              tag: 'link',
              attrs: {
                rel: 'preload',
                as: 'style',
                crossorigin: true,
                fetchpriority: 'low',
                href: `/${file}`,
              },
              injectTo: 'head' as const,
            })),
            ...files.map((file) => ({
              tag: 'link',
              attrs: {
                rel: 'modulepreload',
                crossorigin: true,
                fetchpriority: 'low',
                href: `/${file}`,
              },
              injectTo: 'head' as const,
            })),
          ],
        };
      },
    },
  };
}
