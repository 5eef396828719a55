# syntax=docker/dockerfile:1
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
# The uploads folder exists in the image, owned by the service, so a volume mounted there starts with that owner.
RUN useradd --system --uid 10001 service && mkdir -p /app/data/uploads && chown -R service /app/data
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER service
EXPOSE 3000
CMD ["node", "dist/src/main.js"]
