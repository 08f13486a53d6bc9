# The Node server as a container. No container engine runs on these machines, so CI never builds
# it: test/containers.test.ts performs its steps in folders of its own instead (the build stage's
# install and build, the runtime stage's copies), starts the server there on Node 22 as the image
# does, and probes it with the image's health check.
#
# Build stage: only what the servers' build needs, each at its locked version (scripts/build-deps.mjs
# narrows package.json and the lockfile to it): the production dependencies the bundles take in,
# esbuild. Nothing of the development tree (test runtimes, workerd, linters).
FROM node:22-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the install layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY scripts/build-deps.mjs scripts/build.mjs ./scripts/
RUN node scripts/build-deps.mjs && npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs --servers

# Runtime stage: the built server and the scripts that run it, nothing installed. dist/ bundles
# every pure-JavaScript dependency, and on Node 22 the embedded database is node:sqlite, so
# better-sqlite3 (a native addon) is neither installed nor compiled.
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    PORT=8787 \
    HOST=0.0.0.0 \
    ARENA_DATA_DIR=/data
WORKDIR /app
# package.json says dist/ is ES modules, and holds `npm run migrate` and `npm run rotate-key`.
COPY package.json ./
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts/run-built.mjs /app/scripts/build.mjs ./scripts/
# The `agent-arena` command: `docker compose exec arena node bin/agent-arena.mjs verify …`.
COPY --from=build /app/bin ./bin
# The key file and the SQLite database live in /data: owned by the unprivileged `node` user the
# image provides, so a fresh volume mounted there is writable by it.
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
USER node
VOLUME /data
EXPOSE 8787
# Slim images have no curl: the probe asks /readyz (database reachable and migrated) on PORT and HOST.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "scripts/run-built.mjs", "health-probe"]
# The server drains requests in flight for up to 10 s on SIGTERM: stop it with a longer grace
# (`docker stop -t 30`; compose.yaml sets stop_grace_period).
CMD ["node", "scripts/run-built.mjs", "node"]
