import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { parseAllDocuments } from 'yaml';

export const ROOT = path.resolve(__dirname, '../../..');
export const DEPLOY = path.join(ROOT, 'deploy');
export const OVERLAYS = ['dev', 'prod'] as const;
export type Overlay = (typeof OVERLAYS)[number];

/** The services that own a database schema, and every deployable (they and the gateway). */
export const SERVICES = ['identity', 'catalogue', 'hires', 'billing', 'accounting'] as const;
export const DEPLOYABLES = [...SERVICES, 'gateway'] as const;
/** What only development may run: the local Stripe, the Zahara simulator, the local identity provider, Mailpit. */
export const FAKES = ['stripe-local', 'zahara-local', 'oidc-local', 'mailpit'] as const;

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  data?: Record<string, string>;
  [key: string]: unknown;
}

/**
 * kubectl (KUBECTL, else the one on PATH, else /usr/bin/kubectl). CI must have it: the
 * manifests are checked as kubectl renders them, so a missing kubectl fails, it never skips.
 */
export function kubectl(): string {
  const candidates = [process.env.KUBECTL, 'kubectl', '/usr/bin/kubectl'].filter(Boolean) as string[];
  for (const candidate of candidates) {
    const probe = spawnSync(candidate, ['version', '--client'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  throw new Error(
    'kubectl was not found (tried $KUBECTL, kubectl on PATH and /usr/bin/kubectl): the deploy tests render ' +
      'every overlay with `kubectl kustomize`. Install kubectl (https://kubernetes.io/docs/tasks/tools/) or set KUBECTL.',
  );
}

const rendered = new Map<string, K8sObject[]>();

/** `kubectl kustomize deploy/overlays/<overlay>`, parsed. */
export function render(overlay: Overlay | string): K8sObject[] {
  const cached = rendered.get(overlay);
  if (cached) return cached;
  const dir = path.join(DEPLOY, 'overlays', overlay);
  const result = spawnSync(kubectl(), ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir} failed:\n${result.stderr}`);
  const objects = parseAllDocuments(result.stdout).map((doc) => {
    if (doc.errors.length) throw new Error(`kubectl kustomize ${dir}: ${doc.errors[0].message}`);
    return doc.toJS() as K8sObject;
  });
  rendered.set(overlay, objects);
  return objects;
}

export const ofKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);

export function named(objects: K8sObject[], kind: string, name: string): K8sObject {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
}

/**
 * Validates objects against the Kubernetes API schemas of their kinds (kubernetes-models:
 * the OpenAPI schemas of the Kubernetes release it is generated from), in a Node process of
 * its own since kubernetes-models is ES modules only. One entry per object: undefined when
 * valid, else the problem.
 */
export function validateBuiltIn(objects: K8sObject[]): (string | undefined)[] {
  const result = spawnSync(process.execPath, [path.join(__dirname, 'validate-k8s.mjs')], {
    input: JSON.stringify(objects),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`validate-k8s.mjs failed: ${result.stderr}`);
  return (JSON.parse(result.stdout) as (string | null)[]).map((problem) => problem ?? undefined);
}

/** Custom resources validated against a schema kept beside the tests (there is no model package for them). */
const CRD_SCHEMAS: Record<string, string> = {
  'postgresql.cnpg.io/v1/Cluster': 'schemas/cnpg-cluster.schema.json',
};

const ajv = new Ajv({ allErrors: true, strict: false });

export function validateCustom(object: K8sObject): void {
  const key = `${object.apiVersion}/${object.kind}`;
  const file = CRD_SCHEMAS[key];
  if (!file) throw new Error(`${key} (${object.metadata.name}): no schema to validate it against`);
  const validate = ajv.getSchema(key) ?? compile(key, file);
  if (!validate(object))
    throw new Error(
      `${key} ${object.metadata.name}: ${ajv.errorsText(validate.errors, { separator: '; ', dataVar: 'object' })}`,
    );
}

function compile(key: string, file: string) {
  const full = path.join(__dirname, file);
  if (!existsSync(full)) throw new Error(`missing schema ${full}`);
  ajv.addSchema(JSON.parse(readFileSync(full, 'utf8')) as object, key);
  return ajv.getSchema(key)!;
}

export const isCustom = (object: K8sObject) => object.apiVersion.includes('.') && !isBuiltInGroup(object);

/** API groups Kubernetes itself serves (kubernetes-models has their schemas). */
function isBuiltInGroup(object: K8sObject): boolean {
  const group = object.apiVersion.split('/')[0];
  return group.endsWith('.k8s.io') || ['apps', 'batch', 'policy', 'autoscaling'].includes(group);
}

/** Every problem of these objects: built-in kinds against kubernetes-models, custom resources against their schema. */
export function problems(objects: K8sObject[]): string[] {
  const builtIn = objects.filter((o) => !isCustom(o));
  const found = validateBuiltIn(builtIn)
    .map((problem, i) => problem && `${builtIn[i].kind}/${builtIn[i].metadata.name}: ${problem}`)
    .filter((p): p is string => Boolean(p));
  for (const object of objects.filter(isCustom)) {
    try {
      validateCustom(object);
    } catch (err) {
      found.push((err as Error).message);
    }
  }
  return found;
}
