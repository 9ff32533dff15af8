// The baseline: the same fastify package the Stamina server uses, one GET route, logging off.
// Run as its own process so it shares no thread with the load generator: PORT=… node --import tsx bench/bare-server.ts
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// Resolve fastify from the server workspace, so the baseline runs exactly the copy the server runs.
const fromServer = createRequire(new URL('../apps/server/package.json', import.meta.url));
const fastifyEntry = fromServer.resolve('fastify');
const { default: Fastify } = (await import(pathToFileURL(fastifyEntry).href)) as typeof import('fastify');

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) {
  console.error('bare-server: set PORT');
  process.exit(1);
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ data: { ok: true } }));

const close = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', close);
process.on('SIGINT', close);

await app.listen({ port, host: '127.0.0.1' });
console.log(`bare fastify ${fastifyEntry} listening on ${port}`);
