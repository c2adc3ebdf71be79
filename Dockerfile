# syntax=docker/dockerfile:1
# The course shop in one image: the API (TypeScript run by tsx) serves the built web
# client and /api from one port. Build: docker build -t course-shop .  (or docker compose build)

# ---- build: the whole workspace with dev dependencies, then a production-only copy of the API
FROM node:20-slim AS build
ENV CI=true
RUN npm install -g pnpm@10
WORKDIR /repo

# Packages come from the lockfile alone, so this layer is reused until the lockfile changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch

COPY . .
RUN pnpm install --offline --frozen-lockfile
RUN pnpm --filter @shop/web build

# A self-contained copy of apps/api (src, drizzle migrations, public images) with only its
# production dependencies; @shop/shared is copied in as TypeScript source. pnpm 10 deploys
# from the shared lockfile only with injected workspace packages, set here for this one command.
RUN pnpm --config.inject-workspace-packages=true --filter @shop/api --prod deploy /out \
  && find /out/src \( -name '*.test.ts' -o -name '*.testing.ts' \) -delete \
  && rm -rf /out/src/test /out/vitest.config.ts /out/drizzle.config.ts /out/pnpm-lock.yaml

# ---- runtime: node, production dependencies, the source and the built client; nothing else
FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    PORT=5000 \
    WEB_DIST=/app/apps/web/dist \
    DATA_DIR=/app/data

# Same layout as the repository: apps/api/tsconfig.json extends /app/tsconfig.base.json.
WORKDIR /app/apps/api
COPY --from=build /repo/tsconfig.base.json /app/tsconfig.base.json
COPY --from=build /out ./
COPY --from=build /repo/apps/web/dist /app/apps/web/dist
# The code stays owned by root (read-only for the app); only DATA_DIR is writable
# (the mail outbox when SMTP_URL is unset).
RUN mkdir -p /app/data && chown node:node /app/data

USER node
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 (no tsx wrapper process), so `docker stop` reaches the shutdown handler.
CMD ["node", "--import", "tsx", "src/server.ts"]
