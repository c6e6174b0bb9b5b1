// Lints an OpenAPI document with Redocly's `recommended` ruleset and prints the problems as
// JSON. A separate process because @redocly/openapi-core is ESM-only and Jest runs CommonJS.
import { createConfig, lint } from '@redocly/openapi-core';

const config = await createConfig({ extends: ['recommended'] });
const problems = await lint({ ref: process.argv[2], config });
process.stdout.write(
  JSON.stringify(
    problems.map((p) => ({
      severity: p.severity,
      rule: p.ruleId,
      message: p.message,
      at: p.location?.[0]?.pointer,
    })),
  ),
);
