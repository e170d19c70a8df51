# Sticker Studio: one image for the web processes and the workers (docs/deploy.md).
# Build: docker build -t sticker-studio .   The same commands run in `npm run test:cluster`.

# 1. Dependencies, from the lockfile only (cached while it does not change).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# onnxruntime-node's install script would fetch CUDA libraries; the generator runs on the CPU (decision 0027).
ENV ONNXRUNTIME_NODE_INSTALL=skip
RUN npm ci --no-audit --no-fund

# 2. The page build, the generator's art cache, then only the runtime dependencies.
FROM deps AS build
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && npm run art:extract

# 3. What runs: no compilers, no dev dependencies, not root.
FROM node:24-bookworm-slim AS runtime
# BUILD_CHECK=off: the build above is current, and its tools were pruned (scripts/build-if-stale.ts).
ENV NODE_ENV=production \
    BUILD_CHECK=off \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/vite.config.ts ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
COPY --from=build /app/common ./common
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/public ./public
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Ready = migrated, seeded, serving and not draining (a draining process answers 503).
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The command of `npm start` (package.json), run directly so SIGTERM reaches the server: npm ends at
# once on SIGTERM and would leave the server to be killed. The worker service runs the command of
# `npm run worker` instead (compose.yaml). Their pre-steps (node-guard, art:extract) ran above.
CMD ["node", "scripts/start.ts"]
