import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module's tables sit in its own schema file (the module that writes them owns them).
  schema: './src/modules/**/*.schema.ts',
  out: './drizzle',
});
