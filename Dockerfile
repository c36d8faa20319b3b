# syntax=docker/dockerfile:1
# Multi-stage build on Debian with Node 24, the current LTS (tested: Node 22 and 24). The data
# directory (SQLite file, pictures) is a volume; migrations run at start.

FROM node:24-bookworm-slim AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# The fixes to dependencies that npm ci applies (patch-package; docs/decisions).
COPY patches ./patches
# Node's headers live under /usr/local in this image (the project .npmrc points at /usr).
ENV npm_config_nodedir=/usr/local
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
# The fonts the PDF reports embed: Latin and Vietnamese, Chinese, Urdu.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-noto-core fonts-noto-cjk \
  && rm -rf /var/lib/apt/lists/*
# Memory (docs/performance.md, entries 40, 48 and 51): glibc malloc in two arenas, large blocks
# returned when freed; V8's young generation at 8 MB a semi-space and no Maglev (the primary too;
# server/cluster.ts gives the same to the workers).
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=2097152
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server-build ./server-build
COPY --from=build /app/db/migrations ./db/migrations
# What `npm run restore` and `npm run backup` run (through tsx).
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/app/core ./app/core
COPY --from=build /app/server/litestream.ts /app/server/restore.ts /app/server/wal-segments.ts ./server/
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
EXPOSE 3000
USER node
# Liveness only: /readyz (for the load balancer) also says 503 while the backup lags, which a
# restart would not cure.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=8", "--no-maglev", "--initial-old-space-size=64", "server-build/server.js"]
