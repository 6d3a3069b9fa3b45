# One image for every role; APP_ROLE picks what a container runs.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY storefront/package.json storefront/
COPY admin/package.json admin/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/contract/package.json contract/
COPY --from=build /app/contract/dist contract/dist
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/storefront/dist storefront/dist
COPY --from=build /app/admin/dist admin/dist
COPY --from=build /app/docs/reseller-api.md docs/reseller-api.md
USER node
EXPOSE 3000
CMD ["node", "server/dist/main.js"]
