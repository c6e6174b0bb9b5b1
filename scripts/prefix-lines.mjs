// Forwards a child's output with a prefix on every line, cheaply: one write per chunk that
// ends a line (not one per line), the prefix put in with one replaceAll, and the bytes of an
// unfinished line kept as they are (a chunk can end inside a line or a UTF-8 character).
// Used by `npm start` (scripts/start.mjs) and the benchmark (bench/api-load.mjs).

const NEWLINE = 0x0a;

/** Prefixes each complete line of `text` (ending in '\n'); exported for its test. */
export function prefixed(prefix, text) {
  return prefix + text.slice(0, -1).replaceAll('\n', '\n' + prefix) + '\n';
}

/** Writes every line of `stream` to `out` with `prefix`; a last line without '\n' is written at the end. */
export function forwardLines(stream, out, prefix) {
  let pending;
  stream.on('data', (chunk) => {
    const end = chunk.lastIndexOf(NEWLINE);
    if (end === -1) {
      pending = pending ? Buffer.concat([pending, chunk]) : chunk;
      return;
    }
    const head = chunk.subarray(0, end + 1);
    const complete = pending ? Buffer.concat([pending, head]) : head;
    pending = end + 1 < chunk.length ? chunk.subarray(end + 1) : undefined;
    out.write(prefixed(prefix, complete.toString('utf8')));
  });
  stream.on('end', () => {
    if (pending) out.write(prefixed(prefix, pending.toString('utf8') + '\n'));
    pending = undefined;
  });
}
