# syntax=docker/dockerfile:1.7
# cms: Strapi 5 (server compiled to dist/, admin panel built into dist/build). Build from the
# repository root:
#   docker build -f infra/docker/cms.Dockerfile -t arzpol/cms .
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# better-sqlite3 (a dependency of Strapi's SQLite support) compiles from source when its prebuilt
# download fails, so both install stages carry the compilers; the runtime stage does not.
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
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

# ── build: compile config/ + src/ and build the admin panel (~45 s, ~2 GB of memory) ──
FROM toolchain AS build
RUN --mount=type=cache,target=/root/.npm \
    npm ci --workspace cms --no-audit --no-fund
COPY tsconfig.json ./
COPY cms/ cms/
# `strapi build` loads the configuration, which validates the environment: these throw-away
# values exist only for this one command and are in no layer. The admin talks to its own origin
# (a relative backend URL), so nothing of them ends up in the bundle.
RUN cd cms \
 && env NODE_ENV=production STRAPI_TELEMETRY_DISABLED=true \
        CMS_APP_KEYS=build-only-app-key-0000,build-only-app-key-0001 \
        CMS_API_TOKEN_SALT=build-only-salt-0000 CMS_ADMIN_JWT_SECRET=build-only-secret-0000 \
        CMS_TRANSFER_TOKEN_SALT=build-only-salt-0001 CMS_JWT_SECRET=build-only-secret-0001 \
        CMS_ENCRYPTION_KEY=build-only-key-00000 \
    npx strapi build

# ── production dependencies only ──
FROM toolchain AS deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --workspace cms --omit=dev --no-audit --no-fund

# ── runtime: compiled server, admin bundle, production node_modules, non-root ──
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    STRAPI_TELEMETRY_DISABLED=true \
    CMS_HOST=0.0.0.0 \
    CMS_PORT=1337
WORKDIR /app
COPY --from=deps /app ./
# Strapi writes beside itself at start (.strapi/, .tmp/, .strapi-updater.json) and, with the local
# upload provider, into public/uploads: the node user owns the app folder (not node_modules).
COPY --chown=node:node --from=build /app/cms/dist cms/dist
COPY --chown=node:node cms/package.json cms/tsconfig.json cms/favicon.png cms/
COPY --chown=node:node cms/public cms/public
# Strapi reads its own migrations (none yet) from here.
COPY --chown=node:node cms/database cms/database
RUN chown node:node /app/cms
USER node
WORKDIR /app/cms
EXPOSE 1337
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:1337/_health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "/app/node_modules/@strapi/strapi/bin/strapi.js", "start"]
