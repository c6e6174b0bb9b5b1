// Prints the gzipped size of what the /login route downloads in a production build:
// the entry (index.html and its static imports), the lazy LoginScreen chunk with its
// imports, and the English 'common' and 'auth' texts. Run after `vite build`.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const dist = path.join(__dirname, '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const wanted = new Set();
const add = (key) => {
  if (wanted.has(key)) return;
  wanted.add(key);
  (manifest[key].imports || []).forEach(add);
};
add('index.html');
for (const key of Object.keys(manifest)) {
  if (/LoginScreen\.tsx$|locales\/en\/(common|auth)\.json$/.test(key)) add(key);
}

const files = [
  'index.html',
  ...[...wanted].flatMap((key) => [manifest[key].file, ...(manifest[key].css || [])]),
];
const rows = [...new Set(files)].map((file) => {
  const bytes = fs.readFileSync(path.join(dist, file));
  return { file, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const row of rows) console.log(`${kb(row.gzip).padStart(9)}  ${row.file}`);
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), {
  raw: 0,
  gzip: 0,
});
console.log(`/login downloads ${rows.length} files: ${kb(total.raw)} raw, ${kb(total.gzip)} gzipped`);
