import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../..');
const here = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const staticImports = (file: string) =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm,
    ),
  ].map((m) => m[1] ?? '');

describe('admin code boundaries', () => {
  it('is imported from outside the feature only as its route table', () => {
    const outside = sourceFiles(src).filter((file) => !file.startsWith(here + path.sep));
    const offenders = outside.flatMap((file) =>
      staticImports(file)
        .filter(
          (spec) =>
            spec.includes('features/admin') ||
            (spec.startsWith('.') && path.resolve(path.dirname(file), spec).startsWith(here)),
        )
        .filter((spec) => spec !== '@/features/admin/routes')
        .map((spec) => `${path.relative(src, file)} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
    // The scan does see the one allowed import (app/router.tsx), so an empty list means something.
    const routeTableUsers = outside.filter((file) =>
      staticImports(file).includes('@/features/admin/routes'),
    );
    expect(routeTableUsers.map((file) => path.relative(src, file))).toEqual([
      path.join('app', 'router.tsx'),
    ]);
  });

  it('loads every screen lazily: the route table imports no screen or component statically', () => {
    const imports = staticImports(path.join(here, 'routes.tsx'));
    expect(imports.filter((spec) => spec.startsWith('.'))).toEqual([]);
    const lazy = [
      ...readFileSync(path.join(here, 'routes.tsx'), 'utf8').matchAll(
        /import\('(\.\/routes\/[^']+)'\)/g,
      ),
    ];
    expect(lazy.map((m) => m[1])).toEqual([
      './routes/dashboard',
      './routes/audit-list',
      './routes/user-list',
      './routes/user-edit',
      './routes/course-list',
      './routes/course-edit',
      './routes/session-roster',
      './routes/order-list',
      './routes/certificate-list',
      './routes/coupon-list',
      './routes/coupon-edit',
      './routes/coupon-edit',
      './routes/text-message-list',
    ]);
  });
});
