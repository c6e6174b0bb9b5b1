// Writes .br and .gz copies of the built text assets, so the gateway serves them
// compressed (@fastify/static preCompressed) without compressing on every request.
const { readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const dist = path.join(__dirname, '..', 'dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry)) yield full;
  }
}

let count = 0;
let raw = 0;
let gz = 0;
for (const file of files(dist)) {
  const data = readFileSync(file);
  if (data.length < 1024) continue;
  const gzipped = zlib.gzipSync(data, { level: 9 });
  const brotli = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(`${file}.gz`, gzipped);
  writeFileSync(`${file}.br`, brotli);
  count += 1;
  raw += data.length;
  gz += gzipped.length;
}
console.log(
  `precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(gz / 1024).toFixed(0)} KB gzip (.br beside)`,
);
