# syntax=docker/dockerfile:1.7
# payments-service: Koa API + migrate CLI. Build from the repository root:
#   docker build -f infra/docker/payments-service.Dockerfile -t arzpol/payments-service .
# The service runs its TypeScript through tsx, as in development (docs/decisions/006).
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# ── dependencies: only payments-service's (and @arzpol/contracts's), production only ──
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# argon2 ships prebuilt binaries; the compilers are the fallback when none fits the platform.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
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
    npm ci --workspace payments-service --omit=dev --no-audit --no-fund

# ── runtime: node_modules + sources, no compilers, no npm cache, non-root ──
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PAYMENTS_HOST=0.0.0.0 \
    PAYMENTS_PORT=4000 \
    ATTACHMENTS_DIR=/data/attachments
WORKDIR /app
# package.json files and node_modules (nested ones included) of the install above.
COPY --from=deps /app ./
# tsx reads payments-service/tsconfig.json, which extends the root one.
COPY tsconfig.json ./
COPY packages/contracts/src packages/contracts/src
COPY packages/service-edge/src packages/service-edge/src
COPY payments-service/package.json payments-service/tsconfig.json payments-service/
COPY payments-service/src payments-service/src
# The attachments folder of STORAGE_DRIVER=local (a volume in compose); the node user owns it.
RUN mkdir -p /data/attachments && chown node:node /data/attachments
USER node
WORKDIR /app/payments-service
EXPOSE 4000
# Readiness (the database answers), so compose starts web only once payments can serve.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:4000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# One process (no tsx CLI wrapper in between): SIGTERM reaches the service's own shutdown.
# Migrations: the same image with `node --import tsx src/db/migrate-cli.ts`.
CMD ["node", "--import", "tsx", "src/main.ts"]
