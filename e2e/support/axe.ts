import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

// The axe-core engine, evaluated in the page rather than added as a <script> tag: the app's
// Content-Security-Policy would refuse an inline script, and evaluation is not subject to it.
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeFinding {
  rule: string;
  impact: AxeImpact;
  help: string;
  /** CSS selector of the offending element (inside frames or shadow roots, joined with ' >> '). */
  target: string;
  summary: string;
}

/** Runs every axe rule on the page as it is now and returns one finding per offending element. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: Document,
          options: object,
        ): Promise<{
          violations: {
            id: string;
            impact: AxeImpact | null;
            help: string;
            nodes: { target: unknown[]; impact: AxeImpact | null; failureSummary?: string }[];
          }[];
        }>;
      };
    };
    // label-content-name-mismatch (WCAG 2.5.3, label in name) is experimental in axe, so off
    // unless asked for.
    const results = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return results.violations.flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        impact: (node.impact ?? violation.impact ?? 'minor') as AxeImpact,
        help: violation.help,
        target: node.target
          .map((part) => (Array.isArray(part) ? part.join(' >> ') : String(part)))
          .join(' >> '),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    );
  });
}

export const BLOCKING_IMPACTS: readonly AxeImpact[] = ['serious', 'critical'];
