// A fake OpenAI-compatible chat-completions server on loopback, for the language-model paths of the coach
// (docs/coach.md, "Language model") and the goal parse (docs/onboarding.md, "A language model"). A test sets
// `reply` to say what the model does with each request: stream deltas (content, tool calls, a refusal), hang,
// answer an error status, or answer something that is not a stream.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The API key the fake server accepts; any other gets a 404, as a wrong URL does. */
export const FAKE_LLM_KEY = 'sk-fake';

export interface ChatRequest {
  model: string;
  stream: boolean;
  response_format?: { type: string };
  tools?: { function: { name: string } }[];
  messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
}

export type Delta = Record<string, unknown>;
/** One answer: these deltas streamed, a hang, a 500, or a 200 that is not a stream. */
export type FakeAnswer = Delta[] | 'hang' | 'error' | 'not-a-stream';
/** What the fake model does with a request (`turn` counts the requests since the last reset, from 1). */
export type FakeReply = FakeAnswer | ((request: ChatRequest, turn: number) => FakeAnswer);

export interface FakeLlm {
  /** The base URL to configure, ending in /v1. */
  baseUrl: string;
  /** The requests received since the last reset, parsed. */
  requests: ChatRequest[];
  reply: FakeReply;
  /** Forgets the requests. */
  reset(): void;
  close(): Promise<void>;
}

const chunk = (delta: Delta, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'fake',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

export async function startFakeLlm(): Promise<FakeLlm> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeLlm = {
    baseUrl: '',
    requests: [],
    reply: [{ content: 'Hello' }],
    reset() {
      fake.requests = [];
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    for await (const part of req) body += part;
    if (req.url !== '/v1/chat/completions' || req.headers.authorization !== `Bearer ${FAKE_LLM_KEY}`) {
      res.writeHead(404).end();
      return;
    }
    const request = JSON.parse(body) as ChatRequest;
    fake.requests.push(request);
    const answer = typeof fake.reply === 'function' ? fake.reply(request, fake.requests.length) : fake.reply;
    if (answer === 'hang') {
      hanging.add(res);
      return;
    }
    if (answer === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
      return;
    }
    if (answer === 'not-a-stream') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('this is not a stream');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const delta of answer) res.write(chunk(delta));
    res.write(chunk({}, answer.some((d) => d.tool_calls) ? 'tool_calls' : 'stop'));
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

/** A delta calling one tool with these arguments. */
export const toolCall = (name: string, args: object, id = `call_${name}`): Delta => ({
  tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
});

/** A text (or JSON) answer streamed in small pieces, as a real server streams tokens. */
export const streamed = (answer: object | string): Delta[] => {
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  const pieces: Delta[] = [];
  for (let i = 0; i < text.length; i += 7) pieces.push({ content: text.slice(i, i + 7) });
  return pieces;
};
