// Runs one system of its own in this process (start-system.mjs), for a test that needs a
// second one started differently (a Jest test module cannot import() this ES module): prints
// the running system as one JSON line, and stops it on SIGTERM or SIGINT.
//   node e2e/support/run-system.mjs '{"ownNats":true}'
import { startSystem } from './start-system.mjs';

const system = await startSystem(JSON.parse(process.argv[2] ?? '{}'));
const { stop, ...described } = system;
process.stdout.write(`${JSON.stringify(described)}\n`);
let stopping = false;
const end = async () => {
  if (stopping) return;
  stopping = true;
  await stop();
  process.exit(0);
};
process.on('SIGTERM', () => void end());
process.on('SIGINT', () => void end());
