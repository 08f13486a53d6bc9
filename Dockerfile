# The Node server as a container. Untested by CI here (no container engine on these machines);
# test/containers.test.ts checks that its commands are the npm scripts' own.
#
# Build stage: every dependency, then `npm run build` compiles the server into dist/.
FROM node:22-bookworm-slim AS build
WORKDIR /app
# The lockfile first, so the install layer is reused while only sources change.
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# Runtime stage: production dependencies only (better-sqlite3 installs its prebuilt binary;
# no compiler in a slim image), the built server and the scripts that run it.
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    PORT=8787 \
    HOST=0.0.0.0 \
    ARENA_DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts ./scripts
# The key file and the SQLite database live in /data: owned by the unprivileged `node` user the
# image provides, so a fresh volume mounted there is writable by it.
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
USER node
VOLUME /data
EXPOSE 8787
# Slim images have no curl: node's own fetch asks the readiness probe (database reachable and migrated).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8787/readyz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/run-built.mjs", "node"]
