import { Inject, Injectable } from '@nestjs/common';
import { LIMITS } from '@planted/domain';
import type { Logger } from '@planted/logging';
import { CONFIG, LOGGER } from '@planted/service-kit';
import type { CatalogueConfig } from '../config';
import { fallbackDescription, type DescriptionFields } from './fallback-description';

export interface WrittenDescription {
  description: string;
  /** True when the text is the composed fallback (no endpoint configured, or it failed). */
  fallback: boolean;
}

const SYSTEM_PROMPT =
  'You write descriptions for a UK plant-hire equipment catalogue. Answer with the description only: ' +
  'two or three plain sentences in British English saying what the item is used for on a construction ' +
  'site and anything a hirer should know. No headings, no lists, no prices, no marketing superlatives.';

export function descriptionPrompt(fields: DescriptionFields): string {
  return [
    `Name: ${fields.name}`,
    `Category: ${fields.category}`,
    `Power: ${fields.power}`,
    `Hired: ${fields.unit_of_measure}`,
  ].join('\n');
}

/** The part of an OpenAI-compatible chat completion answer read here. */
interface ChatCompletion {
  choices?: { message?: { content?: unknown } }[];
}

/**
 * Equipment descriptions from an OpenAI-compatible chat completions endpoint
 * (`POST ${AI_BASE_URL}/chat/completions`, Bearer AI_API_KEY), within AI_TIMEOUT_MS. Without
 * an endpoint, or when it fails, times out or answers nothing usable, the description is
 * composed from the fields and marked as a fallback: the form always gets a text.
 */
@Injectable()
export class DescriptionWriter {
  constructor(
    @Inject(CONFIG) private readonly config: CatalogueConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async write(fields: DescriptionFields): Promise<WrittenDescription> {
    const { AI_BASE_URL: baseUrl, AI_API_KEY: apiKey } = this.config;
    if (!baseUrl || !apiKey) return { description: fallbackDescription(fields), fallback: true };
    try {
      const description = await this.complete(baseUrl, apiKey, fields);
      return { description, fallback: false };
    } catch (err) {
      this.logger.warn({ err, endpoint: baseUrl }, 'AI description failed; answering the fallback');
      return { description: fallbackDescription(fields), fallback: true };
    }
  }

  private async complete(baseUrl: string, apiKey: string, fields: DescriptionFields): Promise<string> {
    const res = await fetch(`${baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: this.config.AI_MODEL,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: descriptionPrompt(fields) },
        ],
        temperature: 0.7,
        max_tokens: 300,
      }),
      signal: AbortSignal.timeout(this.config.AI_TIMEOUT_MS),
    });
    if (!res.ok) {
      // Read the body so the connection is released; its text helps the log.
      const detail = (await res.text().catch(() => '')).slice(0, 300);
      throw new Error(`chat completions answered ${res.status}: ${detail}`);
    }
    const body = (await res.json()) as ChatCompletion;
    const content = body.choices?.[0]?.message?.content;
    const text = typeof content === 'string' ? content.trim() : '';
    if (!text) throw new Error('chat completions answered no text');
    return text.length > LIMITS.equipmentDescriptionMax
      ? text.slice(0, LIMITS.equipmentDescriptionMax).trimEnd()
      : text;
  }
}
