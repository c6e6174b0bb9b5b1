import { CatalogueEquipmentDescribe } from '@planted/contracts';
import { FakeChatCompletions } from '@planted/testing';
import { descriptionPrompt } from '../src/description/description-writer';
import { fallbackDescription } from '../src/description/fallback-description';
import { newCompany, startCatalogue, type CatalogueHarness } from './support/catalogue-harness';

// Spec §7: POST /equipment/generate-description answers a description, "or on error a
// fallback description"; the issue: an OpenAI-compatible endpoint with a timeout.

const company = newCompany('Describe');
const fields = {
  name: 'Hilti TE 70',
  category: 'Breaking & Drilling' as const,
  unit_of_measure: 'per_day',
  power: '110V' as const,
};
const fallback = fallbackDescription(fields);

describe('with an OpenAI-compatible endpoint configured', () => {
  const ai = new FakeChatCompletions('sk-test-catalogue');
  let h: CatalogueHarness;

  beforeAll(async () => {
    const baseUrl = await ai.start();
    h = await startCatalogue({
      env: {
        AI_BASE_URL: baseUrl,
        AI_API_KEY: ai.apiKey,
        AI_MODEL: 'planted-test-model',
        AI_TIMEOUT_MS: '600',
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await ai.stop();
  });
  afterEach(() => {
    ai.mode = 'ok';
  });

  it('answers the text of the chat completion, asked with the key, the model and the fields', async () => {
    ai.reply = () => '  A 10 kg combihammer for breaking concrete.  ';
    const reply = await h.client.send(CatalogueEquipmentDescribe, { actor: company.user, ...fields });
    expect(reply).toEqual({ description: 'A 10 kg combihammer for breaking concrete.', fallback: false });
    const request = ai.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer sk-test-catalogue');
    expect(request.body.model).toBe('planted-test-model');
    expect(request.body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request.body.messages?.[1].content).toBe(descriptionPrompt(fields));
  });

  it('answers the fallback, marked as such, when the endpoint fails', async () => {
    ai.mode = 'fail';
    const before = ai.requests.length;
    expect(await h.client.send(CatalogueEquipmentDescribe, { actor: company.user, ...fields })).toEqual({
      description: fallback,
      fallback: true,
    });
    expect(ai.requests.length).toBe(before + 1);
  });

  it('answers the fallback when the endpoint answers no text', async () => {
    ai.mode = 'empty';
    expect(await h.client.send(CatalogueEquipmentDescribe, { actor: company.admin, ...fields })).toEqual({
      description: fallback,
      fallback: true,
    });
  });

  it('answers the fallback after AI_TIMEOUT_MS when the endpoint hangs, well before the bus times out', async () => {
    ai.mode = 'slow';
    const started = Date.now();
    expect(await h.client.send(CatalogueEquipmentDescribe, { actor: company.admin, ...fields })).toEqual({
      description: fallback,
      fallback: true,
    });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(550);
    expect(took).toBeLessThan(5000);
  });
});

describe('without an endpoint', () => {
  it('answers the fallback composed from the fields, marked as a fallback', async () => {
    const h = await startCatalogue();
    try {
      expect(await h.client.send(CatalogueEquipmentDescribe, { actor: company.user, ...fields })).toEqual({
        description: 'Hilti TE 70 — Breaking & Drilling equipment, 110V powered, hired per day.',
        fallback: true,
      });
    } finally {
      await h.close();
    }
  });

  it('answers the fallback when the key is wrong (the endpoint refuses it)', async () => {
    const ai = new FakeChatCompletions('the-right-key');
    const h = await startCatalogue({ env: { AI_BASE_URL: await ai.start(), AI_API_KEY: 'a-wrong-key' } });
    try {
      expect(await h.client.send(CatalogueEquipmentDescribe, { actor: company.user, ...fields })).toEqual({
        description: fallback,
        fallback: true,
      });
      expect(ai.requests).toEqual([]);
    } finally {
      await h.close();
      await ai.stop();
    }
  });
});
