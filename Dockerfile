# Tutorial Hub on Cloud Run: the gate server over a production build.
# Build: docker build --build-arg FIREBASE_PROJECT_ID=… --build-arg FIREBASE_API_KEY=… \
#          --build-arg FIREBASE_AUTH_DOMAIN=… --build-arg FIREBASE_APP_ID=… -t tutorial-hub .
FROM node:20-slim AS build
WORKDIR /app
ARG FIREBASE_PROJECT_ID
ARG FIREBASE_API_KEY
ARG FIREBASE_AUTH_DOMAIN
ARG FIREBASE_APP_ID
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The runtime holds only what the compiled server requires: package.json's "dependencies" (the site's
# build tools are devDependencies; tests/content/serverRuntime.test.ts keeps the two lists equal).
FROM node:20-slim
WORKDIR /app
# Firebase Hosting, then Cloud Run's front end, stand in front of the gate (README, "Whose address").
ENV NODE_ENV=production HOST=0.0.0.0 TRUST_PROXY=2
COPY package.json package-lock.json ./
# No install scripts: the only one is the build's patch of the search plugin, which is not installed here.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY --from=build /app/dist ./dist
USER node
# Cloud Run sets PORT; the server listens on it. Plain node, so SIGTERM reaches the server itself.
# Set ALLOWED_EMAIL_DOMAINS or ALLOWED_EMAILS_FILE, and PUBLIC_ORIGIN, on the service.
CMD ["node", "dist/server/main.js"]
