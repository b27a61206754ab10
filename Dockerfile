# The Gangsta! game server as a container image (docs/deploy.md, "Container"):
#
#   docker build -t gangsta .
#   docker run -p 8080:8080 -v gangsta-data:/data gangsta
#
# The build stage installs every dependency, builds the web client (vite) and the server's
# bundle (esbuild), then drops the dev dependencies. The image keeps only those files and the
# production node_modules: it starts the bundle directly, so it needs neither esbuild nor a
# compiler, and nothing is built at start.

FROM node:20-bookworm-slim AS build
# better-sqlite3 is compiled by node-gyp when npm cannot fetch a prebuilt binary for it.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# node-gyp takes Node's headers from the image instead of downloading them.
ENV npm_config_nodedir=/usr/local
WORKDIR /app
# The manifests first: the dependencies' layer is rebuilt only when one of them changes.
COPY package.json package-lock.json ./
COPY packages/engine/package.json packages/engine/
COPY packages/protocol/package.json packages/protocol/
COPY packages/client/package.json packages/client/
COPY packages/bots/package.json packages/bots/
COPY packages/cli/package.json packages/cli/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
# The bundler the server's build runs (packages/server/scripts/build.mjs imports it).
COPY scripts/bundle.mjs scripts/
COPY packages packages
RUN npm run build -w packages/web && npm run build -w packages/server
# What stays: the dependencies the bundle imports at run time (better-sqlite3 with its compiled
# addon, pg, ioredis, fastify…). The workspace's own packages are inside the bundle.
RUN npm prune --omit=dev --no-audit --no-fund && rm -rf node_modules/@gangsta

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8080 \
  DATA_DIR=/data \
  STATIC_DIR=/app/packages/web/dist
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/server/package.json packages/server/
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/web/dist packages/web/dist
# The commit it was built from, for `GET /version` and the start-up line (there is no .git).
ARG GIT_COMMIT=""
ENV GIT_COMMIT=$GIT_COMMIT
# SQLite's database (when DATABASE_URL is unset), owned by the user the server runs as.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
# /ready: 503 while starting, shutting down or when its own store cannot be reached.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "packages/server/dist/main.mjs"]
