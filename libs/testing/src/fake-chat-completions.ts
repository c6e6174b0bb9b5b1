import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat message of a request. */
export interface ChatMessage {
  role: string;
  content: string;
}

/** What the fake received: the request body as sent, and its Authorization header. */
export interface ChatCompletionRequest {
  authorization: string | undefined;
  body: { model?: string; messages?: ChatMessage[]; [key: string]: unknown };
}

/**
 * How the fake answers: 'ok' a chat completion whose text `reply` writes; 'fail' a 500
 * with an OpenAI-style error body; 'slow' the completion only after `delayMs`; 'empty' a
 * completion without text.
 */
export type FakeChatMode = 'ok' | 'fail' | 'slow' | 'empty';

/**
 * A local OpenAI-compatible chat completions endpoint (`POST /chat/completions`, also
 * under `/v1`), speaking the real JSON shapes: for tests of a client that must cope with
 * the endpoint answering, failing and hanging. Requests without `Bearer <apiKey>` get the
 * API's 401. Its base URL is what an AI_BASE_URL setting takes.
 */
export class FakeChatCompletions {
  readonly requests: ChatCompletionRequest[] = [];
  mode: FakeChatMode = 'ok';
  delayMs = 30_000;
  /** The assistant's text for a request; by default it echoes the user's message. */
  reply: (messages: ChatMessage[]) => string = (messages) =>
    `A reliable machine. ${messages
      .filter((m) => m.role === 'user')
      .map((m) => m.content)
      .join(' ')}`;
  private readonly server: Server;
  private readonly pending = new Set<NodeJS.Timeout>();

  constructor(readonly apiKey = 'test-ai-key') {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  /** Listens on a free loopback port; answers the base URL (`http://127.0.0.1:<port>/v1`). */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  async stop(): Promise<void> {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'POST' || !/^(\/v1)?\/chat\/completions$/.test(path))
      return this.error(res, 404, 'invalid_request_error', `Unknown request URL: ${req.method} ${path}`);
    if (req.headers.authorization !== `Bearer ${this.apiKey}`)
      return this.error(res, 401, 'invalid_request_error', 'Incorrect API key provided.', 'invalid_api_key');
    let body: ChatCompletionRequest['body'];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatCompletionRequest['body'];
    } catch {
      return this.error(
        res,
        400,
        'invalid_request_error',
        'We could not parse the JSON body of your request.',
      );
    }
    this.requests.push({ authorization: req.headers.authorization, body });
    if (this.mode === 'fail') return this.error(res, 500, 'server_error', 'The server had an error.');
    if (this.mode === 'slow') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.pending.delete(timer);
          resolve();
        }, this.delayMs);
        this.pending.add(timer);
        res.on('close', () => {
          clearTimeout(timer);
          this.pending.delete(timer);
          resolve();
        });
      });
      if (res.destroyed) return;
    }
    const content = this.mode === 'empty' ? '' : this.reply(body.messages ?? []);
    const promptTokens = JSON.stringify(body.messages ?? []).length / 4;
    this.json(res, 200, {
      id: `chatcmpl-${randomUUID()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model ?? 'unknown',
      choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: Math.ceil(promptTokens),
        completion_tokens: Math.ceil(content.length / 4),
        total_tokens: Math.ceil(promptTokens) + Math.ceil(content.length / 4),
      },
    });
  }

  private error(
    res: ServerResponse,
    status: number,
    type: string,
    message: string,
    code: string | null = null,
  ) {
    this.json(res, status, { error: { message, type, param: null, code } });
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
}
