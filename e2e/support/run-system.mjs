// Runs one system of its own in this process (start-system.mjs), for a test that needs a
// second one started differently (a Jest test module cannot import() this ES module): prints
// the running system as one JSON line, and stops it on SIGTERM or SIGINT.
//   node e2e/support/run-system.mjs '{"ownNats":true}'
import { startSystem } from './start-system.mjs';

let system = null;
let stopping = false;
const end = async () => {
  if (stopping) return;
  stopping = true;
  // Before the system is ready, exiting is enough: start-system.mjs stops start.mjs on exit.
  if (system) await system.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void end());
process.on('SIGINT', () => void end());
system = await startSystem(JSON.parse(process.argv[2] ?? '{}'));
// The running system, less its stop function (which JSON leaves out).
process.stdout.write(`${JSON.stringify(system)}\n`);
