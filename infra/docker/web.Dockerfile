# syntax=docker/dockerfile:1.7
# web: Remix (SSR) served by web/server (express: security headers, metrics, graceful shutdown). Build from the repository root:
#   docker build -f infra/docker/web.Dockerfile -t arzpol/web .
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# ── build: web's full dependency set (vite, remix dev, tailwind) and the production bundle ──
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Every workspace's package.json: npm checks the whole lockfile against the workspace list.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/devstack/package.json packages/devstack/
COPY packages/service-edge/package.json packages/service-edge/
COPY packages/test-corpus/package.json packages/test-corpus/
COPY payments-service/package.json payments-service/
COPY cms/package.json cms/
COPY web/package.json web/
COPY infra/package.json infra/
COPY tests/package.json tests/
RUN --mount=type=cache,target=/root/.npm \
    npm ci --workspace web --no-audit --no-fund
COPY tsconfig.json ./
COPY packages/contracts/ packages/contracts/
COPY web/ web/
RUN npm run build --workspace web

# ── production dependencies only (express, @remix-run/express, react, jose, jsdom, tsx, …) ──
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/devstack/package.json packages/devstack/
COPY --from=build /app/packages/service-edge/package.json packages/service-edge/
COPY --from=build /app/packages/test-corpus/package.json packages/test-corpus/
COPY --from=build /app/payments-service/package.json payments-service/
COPY --from=build /app/cms/package.json cms/
COPY --from=build /app/web/package.json web/
COPY --from=build /app/infra/package.json infra/
COPY --from=build /app/tests/package.json tests/
RUN --mount=type=cache,target=/root/.npm \
    npm ci --workspace web --omit=dev --no-audit --no-fund

# ── runtime: the bundle + production node_modules, non-root ──
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=deps /app ./
# The workspace link node_modules/@arzpol/contracts points here (vite bundles it, but keep the link whole).
COPY packages/contracts/package.json packages/contracts/
COPY packages/contracts/src packages/contracts/src
# web/server's shutdown (tsx loads it at run time, outside the bundle).
COPY packages/service-edge/package.json packages/service-edge/
COPY packages/service-edge/src packages/service-edge/src
COPY --from=build /app/web/build web/build
COPY web/server web/server
COPY web/package.json web/tsconfig.json web/
USER node
WORKDIR /app/web
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node directly (no npm, no tsx CLI in between): SIGTERM reaches the server, which drains in-flight
# requests and exits 0 (ADR 007). tsx is only the loader for web/server's TypeScript.
CMD ["node", "--import", "tsx", "server/main.ts", "build/server/index.js"]
