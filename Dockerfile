# syntax=docker/dockerfile:1
# Atalaya's server image (issue 34): the built server, shared package and portal on Node 20, run as the
# unprivileged user `node`. compose.yaml runs three of it behind HAProxy; deploy/README.md says how, and
# that this file was written from the documentation without being built (no image registry reachable
# where it was written). The image needs DATABASE_URL: the embedded PostgreSQL's binaries (an optional
# dependency, 60 MB) are not installed.

# Debian bookworm's Node 20 (package.json's engines: >= 20.19; .npmrc makes npm hold to it).
ARG NODE_IMAGE=node:20-bookworm-slim

# The workspaces' manifests alone, so that the dependency layers are rebuilt only when they change. npm 11,
# as the repository's: its `allowScripts` (package.json) lets only the approved install scripts run, where
# the image's npm 10 would run every one.
FROM ${NODE_IMAGE} AS manifests
RUN npm install -g npm@11 --no-audit --no-fund
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# Every dependency, then `npm run build`: the shared package and the server (esbuild), the portal (Vite)
# with its brotli and gzip copies.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# What runs: the production dependencies of the server and the shared package only (the portal's are
# bundled into its dist; the tests' and benchmarks' are not needed), then the three builds' output.
FROM manifests AS runtime
RUN npm ci --omit=dev --omit=optional --workspace=@atalaya/server --workspace=@atalaya/shared --no-audit --no-fund \
  && npm cache clean --force \
  && mkdir /app/data && chown node:node /app/data
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY --from=build /app/packages/shared/locales packages/shared/locales
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/server/migrations packages/server/migrations
COPY --from=build /app/packages/web/dist packages/web/dist
# The only directory it writes: logs and, without FILE_STORE_URL, the stored files (mount a volume there).
# A production image seeds no demo organisation.
ENV ATALAYA_DATA_DIR=/app/data ATALAYA_SEED=none
USER node
EXPOSE 8080
# Ready: the database answers and the process is not draining (/readyz answers 503 once SIGTERM came).
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz', { signal: AbortSignal.timeout(2000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# As `npm start` starts it, without its builds: node packages/server/dist/server.js. SIGTERM drains it
# (server.ts): SHUTDOWN_NOTICE_MS of 503 on /readyz, then at most 10 s for what is in flight.
CMD ["node", "packages/server/dist/server.js"]
