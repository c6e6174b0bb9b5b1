// Validates Kubernetes objects against the API's schemas with kubernetes-models (an ES
// module package, hence its own process): reads a JSON array of objects on stdin, writes a
// JSON array with one entry per object: null when valid, else the problem.
const input = await new Promise((resolve, reject) => {
  let text = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => (text += chunk));
  process.stdin.on('end', () => resolve(text));
  process.stdin.on('error', reject);
});

const results = [];
for (const object of JSON.parse(input)) {
  let Model;
  try {
    // 'v1' is the core group (kubernetes-models/v1/Service); others 'apps/v1/Deployment'.
    Model = (await import(`kubernetes-models/${object.apiVersion}/${object.kind}`))[object.kind];
  } catch {
    Model = undefined;
  }
  if (!Model) {
    results.push(`${object.apiVersion} ${object.kind} is not a Kubernetes API kind (kubernetes-models)`);
    continue;
  }
  try {
    new Model(object).validate();
    results.push(null);
  } catch (err) {
    results.push(String(err?.message ?? err));
  }
}
process.stdout.write(JSON.stringify(results));
