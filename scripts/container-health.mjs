#!/usr/bin/env node
// The containers' health checks: `node /app/container-health.mjs /healthz` (the image's
// liveness) or `/readyz` (compose's "healthy"). Exit 0 when the path answers 2xx.
// The port: <SERVICE>_HTTP_PORT of a service (identity: IDENTITY_HTTP_PORT), else PORT
// (the gateway), else the image's HTTP_PORT.
import { basename } from 'node:path';

const path = process.argv[2] ?? '/healthz';
const service = basename(process.env.PROJECT ?? '')
  .toUpperCase()
  .replace(/-/g, '_');
const port =
  (service && process.env[`${service}_HTTP_PORT`]) || process.env.PORT || process.env.HTTP_PORT || '3000';
fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(4000) }).then(
  (res) => process.exit(res.ok ? 0 : 1),
  () => process.exit(1),
);
