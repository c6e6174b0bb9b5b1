import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { configIssues } from './config';
import {
  DEPLOY,
  DEPLOYABLES,
  FAKES,
  type K8sObject,
  named,
  ofKind,
  OVERLAYS,
  render,
  SERVICES,
  problems,
  validateBuiltIn,
  validateCustom,
} from './kube';
import { canReach, type Pod } from './network-policy';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Container = any;

function podSpec(object: K8sObject): any {
  return object.spec.template.spec;
}

function allContainers(object: K8sObject): Container[] {
  const spec = podSpec(object);
  return [...(spec.initContainers ?? []), ...spec.containers];
}

function workloads(objects: K8sObject[]): K8sObject[] {
  return objects.filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind));
}

function labelsMatch(selector: Record<string, string>, labels: Record<string, string> = {}): boolean {
  return Object.entries(selector).every(([key, value]) => labels[key] === value);
}

/**
 * What a container's environment would be in the cluster: its ConfigMaps (as rendered) and
 * literal values, and for each Secret key a placeholder of the shape that key holds.
 */
function containerEnv(objects: K8sObject[], container: Container): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(env, named(objects, 'ConfigMap', source.configMapRef.name).data);
  }
  for (const entry of container.env ?? []) {
    if (entry.value !== undefined) env[entry.name] = entry.value;
    else if (entry.valueFrom?.configMapKeyRef) {
      const ref = entry.valueFrom.configMapKeyRef;
      // bus-public-keys is made by hand (README); a placeholder PEM stands for it.
      env[entry.name] =
        objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === ref.name)?.data?.[ref.key] ??
        placeholder(ref.key);
    } else if (entry.valueFrom?.secretKeyRef) {
      if (!entry.valueFrom.secretKeyRef.optional)
        env[entry.name] = placeholder(entry.valueFrom.secretKeyRef.key);
    }
  }
  return env;
}

function placeholder(key: string): string {
  if (key === 'uri' || key.endsWith('_URL')) return 'postgres://planted:secret@postgres-rw:5432/planted';
  if (key.endsWith('PRIVATE_KEY'))
    return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  if (key.endsWith('PUBLIC_KEYS'))
    return generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
  if (key === 'ACCOUNTING_ENCRYPTION_KEY' || key === 'EVENT_SIGNING_SECRET')
    return randomBytes(32).toString('base64');
  return `secret-${key.toLowerCase()}`;
}

describe.each(OVERLAYS)('deploy/overlays/%s', (overlay) => {
  const objects = () => render(overlay);

  it('renders with kubectl kustomize, every object in the overlay namespace', () => {
    const namespace = overlay === 'dev' ? 'planted-dev' : 'planted';
    expect(objects().length).toBeGreaterThan(40);
    for (const object of objects()) {
      if (object.kind === 'Namespace') expect(object.metadata.name).toBe(namespace);
      else
        expect(`${object.kind}/${object.metadata.name}: ${object.metadata.namespace}`).toBe(
          `${object.kind}/${object.metadata.name}: ${namespace}`,
        );
    }
  });

  it('validates every object against its Kubernetes schema (CloudNativePG Cluster against its CRD schema)', () => {
    expect(problems(objects())).toEqual([]);
  });

  it('has a Deployment, Service, HorizontalPodAutoscaler and PodDisruptionBudget for every deployable', () => {
    for (const name of DEPLOYABLES) {
      const deployment = named(objects(), 'Deployment', name);
      const podLabels = deployment.spec.template.metadata.labels;
      // The HPA owns the replica count: a Deployment that set one would fight it on every apply.
      expect(deployment.spec.replicas).toBeUndefined();
      const hpa = named(objects(), 'HorizontalPodAutoscaler', name);
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(1);
      expect(hpa.spec.maxReplicas).toBeGreaterThanOrEqual(hpa.spec.minReplicas);
      expect(hpa.spec.metrics.length).toBeGreaterThan(0);
      const pdb = named(objects(), 'PodDisruptionBudget', name);
      expect(labelsMatch(pdb.spec.selector.matchLabels, podLabels)).toBe(true);
      // A PDB that allows no disruption at the minimum replica count would block every drain.
      if (pdb.spec.minAvailable !== undefined)
        expect(pdb.spec.minAvailable).toBeLessThan(hpa.spec.minReplicas);
      const service = named(objects(), 'Service', name);
      expect(labelsMatch(service.spec.selector, podLabels)).toBe(true);
      if (overlay === 'prod') expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    }
  });

  it('probes every deployable: readiness on /readyz and liveness on /healthz, at its HTTP port', () => {
    for (const name of DEPLOYABLES) {
      const container = podSpec(named(objects(), 'Deployment', name)).containers[0];
      const ports = container.ports.map((p: { name: string }) => p.name);
      expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
      expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
      expect(ports).toContain(container.readinessProbe.httpGet.port);
      expect(ports).toContain(container.livenessProbe.httpGet.port);
    }
  });

  it('runs every workload hardened: probes, requests and limits, non-root, read-only root filesystem, writable paths on volumes', () => {
    const problems: string[] = [];
    for (const object of workloads(objects())) {
      const spec = podSpec(object);
      const id = `${object.kind}/${object.metadata.name}`;
      const volumes = new Map<string, any>((spec.volumes ?? []).map((v: any) => [v.name, v]));
      const claims = new Set((object.spec.volumeClaimTemplates ?? []).map((c: any) => c.metadata.name));
      if (
        object.kind === 'Deployment' &&
        spec.containers.some((c: Container) => !c.readinessProbe || !c.livenessProbe)
      )
        problems.push(`${id}: a container without readiness and liveness probes`);
      if (spec.automountServiceAccountToken !== false) problems.push(`${id}: mounts a service-account token`);
      for (const container of allContainers(object)) {
        const cid = `${id} ${container.name}`;
        const nonRoot = container.securityContext?.runAsNonRoot ?? spec.securityContext?.runAsNonRoot;
        const user = container.securityContext?.runAsUser ?? spec.securityContext?.runAsUser;
        if (nonRoot !== true) problems.push(`${cid}: not runAsNonRoot`);
        if (user === 0) problems.push(`${cid}: runs as uid 0`);
        if (container.securityContext?.readOnlyRootFilesystem !== true)
          problems.push(`${cid}: root filesystem not read-only`);
        if (container.securityContext?.allowPrivilegeEscalation !== false)
          problems.push(`${cid}: privilege escalation allowed`);
        if (!container.securityContext?.capabilities?.drop?.includes('ALL'))
          problems.push(`${cid}: capabilities not dropped`);
        for (const kind of ['requests', 'limits'])
          for (const resource of ['cpu', 'memory'])
            if (container.resources?.[kind]?.[resource] === undefined)
              problems.push(`${cid}: no ${resource} ${kind}`);
        for (const mount of container.volumeMounts ?? []) {
          const volume = volumes.get(mount.name);
          if (!volume && !claims.has(mount.name))
            problems.push(`${cid}: mounts unknown volume ${mount.name}`);
          // Writable places are emptyDirs (bounded) or claims; config is mounted read-only.
          if (volume?.emptyDir && !volume.emptyDir.sizeLimit)
            problems.push(`${cid}: emptyDir ${mount.name} unbounded`);
          if (volume?.configMap && mount.readOnly !== true)
            problems.push(`${cid}: ConfigMap ${mount.name} writable`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('migrates every service in a Job of the same image, and its pods wait for that Job', () => {
    for (const name of SERVICES) {
      const deployment = named(objects(), 'Deployment', name);
      const image = podSpec(deployment).containers[0].image;
      const job = named(objects(), 'Job', `${name}-migrate`);
      const migrate = podSpec(job).containers[0];
      expect(migrate.image).toBe(image);
      expect(migrate.args).toEqual(['node', '/app/main.js', 'migrate']);
      expect(['OnFailure', 'Never']).toContain(podSpec(job).restartPolicy);
      expect(job.spec.backoffLimit).toBeGreaterThan(0);
      const wait = (podSpec(deployment).initContainers ?? []).find((c: Container) =>
        (c.args ?? []).includes('migrate'),
      );
      expect(wait).toBeDefined();
      expect(wait.image).toBe(image);
      expect(wait.args).toEqual(['node', '/app/main.js', 'migrate', '--wait']);
      // The Job, the waiting init container and the service read the same database.
      const dbOf = (c: Container) => c.env.find((e: any) => e.name === 'DATABASE_URL').valueFrom.secretKeyRef;
      expect(dbOf(migrate)).toEqual(dbOf(podSpec(deployment).containers[0]));
      expect(dbOf(wait)).toEqual(dbOf(podSpec(deployment).containers[0]));
      // Migrating needs only the shared settings and the database: the Job's config parses.
      expect(containerEnv(objects(), migrate).DATABASE_URL).toMatch(/^postgres/);
      // It makes the service's event stream as the one NATS user that may (BA-2), and reaches NATS.
      expect(containerEnv(objects(), migrate)).toMatchObject({
        NATS_USER: 'streams',
        NATS_URL: 'nats://nats:4222',
      });
      expect(migrate.env.find((e: any) => e.name === 'NATS_PASSWORD').valueFrom.secretKeyRef).toEqual({
        name: 'nats-users',
        key: 'STREAMS_NATS_PASSWORD',
      });
    }
    // The gateway owns no schema: no Job.
    expect(objects().find((o) => o.kind === 'Job' && o.metadata.name.startsWith('gateway'))).toBeUndefined();
  });

  it("gives every deployable the configuration its code requires (each service's config schema parses it)", () => {
    for (const name of DEPLOYABLES) {
      const container = podSpec(named(objects(), 'Deployment', name)).containers[0];
      const env = containerEnv(objects(), container);
      expect({ name, issues: configIssues(name, env) }).toEqual({ name, issues: [] });
      expect(env.NODE_ENV).toBe(overlay === 'dev' ? 'development' : 'production');
      expect(env.NATS_URL).toBe('nats://nats:4222');
      expect(env.NATS_USER).toBe(name);
      const password = container.env.find((e: any) => e.name === 'NATS_PASSWORD').valueFrom.secretKeyRef;
      expect(password).toEqual({ name: 'nats-users', key: `${name.toUpperCase()}_NATS_PASSWORD` });
      // Events are signed and checked with the deployment's one secret (no event applies without it).
      const eventSecret = container.env.find((e: any) => e.name === 'EVENT_SIGNING_SECRET').valueFrom
        .secretKeyRef;
      expect(eventSecret).toEqual({ name: 'bus-event-secret', key: 'EVENT_SIGNING_SECRET' });
    }
  });

  it("gives the gateway the sign-in providers' secrets from gateway-secrets, as deploy/README.md says to put them", () => {
    const container = podSpec(named(objects(), 'Deployment', 'gateway')).containers[0];
    for (const key of ['GOOGLE_CLIENT_SECRET', 'MICROSOFT_CLIENT_SECRET', 'APPLE_PRIVATE_KEY']) {
      const ref = container.env.find((e: any) => e.name === key)?.valueFrom?.secretKeyRef;
      expect([key, ref]).toEqual([key, { name: 'gateway-secrets', key, optional: true }]);
    }
    // With a client id in gateway-config and its secret in gateway-secrets, the gateway starts.
    const env = {
      ...containerEnv(objects(), container),
      GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret-google',
    };
    expect(configIssues('gateway', env)).toEqual([]);
  });

  it('runs NATS as a 3-node JetStream cluster with the generated users and permissions', () => {
    const nats = named(objects(), 'StatefulSet', 'nats');
    expect(nats.spec.replicas).toBe(3);
    const config = named(
      objects(),
      'ConfigMap',
      podSpec(nats).volumes.find((v: any) => v.configMap).configMap.name,
    );
    const server = config.data!['server.conf'];
    expect(server).toMatch(/jetstream\s*\{[^}]*store_dir:\s*\/data\/jetstream/);
    expect(server).toContain('include ./nats.conf');
    const headless = named(objects(), 'Service', nats.spec.serviceName);
    expect(headless.spec.clusterIP).toBe('None');
    const routes = [...server.matchAll(/nats:\/\/([a-z0-9-]+)\.([a-z0-9-]+):(\d+)/g)];
    expect(routes.map((r) => r[1]).sort()).toEqual(['nats-0', 'nats-1', 'nats-2']);
    for (const route of routes) {
      expect(route[2]).toBe(headless.metadata.name);
      expect(Number(route[3])).toBe(6222);
    }
    expect(server).toMatch(/cluster\s*\{[^}]*port:\s*6222/);
    // The users file is the generated one, byte for byte.
    expect(config.data!['nats.conf']).toBe(readFileSync(path.join(DEPLOY, 'nats/nats.conf'), 'utf8'));
    for (const name of DEPLOYABLES) {
      expect(config.data!['nats.conf']).toContain(`user: "${name}"`);
      expect(config.data!['nats.conf']).toContain(`password: $${name.toUpperCase()}_NATS_PASSWORD`);
    }
    expect(named(objects(), 'PodDisruptionBudget', 'nats').spec.maxUnavailable).toBe(1);
    // The container may hold JetStream's memory store and the server beside it.
    const mebibytes = (quantity: string) =>
      Number(quantity.replace(/(Mi|MB|Gi|GB)$/, '')) * (/G[iB]$/.test(quantity) ? 1024 : 1);
    const memoryStore = server.match(/max_memory_store:\s*(\S+)/)![1];
    const limit = podSpec(nats).containers.find((c: any) => c.name === 'nats').resources.limits.memory;
    expect(mebibytes(limit)).toBeGreaterThan(mebibytes(memoryStore) * 1.5);
  });

  it("keeps every service's event stream on every NATS node, so one node down loses and stops nothing", () => {
    const nodes = named(objects(), 'StatefulSet', 'nats').spec.replicas;
    for (const name of SERVICES) {
      const env = containerEnv(objects(), podSpec(named(objects(), 'Deployment', name)).containers[0]);
      expect([name, env.NATS_STREAM_REPLICAS]).toEqual([name, String(nodes)]);
    }
  });

  it("fits every pod's PostgreSQL connections in max_connections, at every autoscaler's maximum with a rollout's surge", () => {
    const [cluster] = ofKind(objects(), 'Cluster');
    const parameters = cluster.spec.postgresql.parameters;
    const available =
      Number(parameters.max_connections) - Number(parameters.superuser_reserved_connections ?? 3);
    const surge = (deployment: K8sObject, replicas: number): number => {
      const strategy = deployment.spec.strategy ?? {};
      if (strategy.type === 'Recreate') return 0;
      const maxSurge = strategy.rollingUpdate?.maxSurge ?? '25%';
      return typeof maxSurge === 'number'
        ? maxSurge
        : Math.ceil((replicas * Number(String(maxSurge).replace('%', ''))) / 100);
    };
    const lines: string[] = [];
    let total = 0;
    for (const name of DEPLOYABLES) {
      const deployment = named(objects(), 'Deployment', name);
      const pods = named(objects(), 'HorizontalPodAutoscaler', name).spec.maxReplicas;
      const env = containerEnv(objects(), podSpec(deployment).containers[0]);
      // A service: its pool (DB_POOL_SIZE, default 10) and its outbox relay's own connection.
      // The gateway has no database (its /readyz asks NATS and Redis only).
      const perPod = name === 'gateway' ? 0 : Number(env.DB_POOL_SIZE ?? 10) + 1;
      const connections = (pods + surge(deployment, pods)) * perPod;
      lines.push(`${name}: ${connections}`);
      total += connections;
    }
    // Each migration Job holds one while it runs.
    total += SERVICES.length;
    expect({ total, lines, fits: total <= available }).toMatchObject({ fits: true });
  });

  it('runs PostgreSQL as a CloudNativePG Cluster whose app Secret every service reads, with each service role', () => {
    const [cluster] = ofKind(objects(), 'Cluster');
    expect(cluster.apiVersion).toBe('postgresql.cnpg.io/v1');
    expect(cluster.spec.instances).toBe(overlay === 'prod' ? 3 : 1);
    const owner = cluster.spec.bootstrap.initdb.owner;
    const roles = cluster.spec.managed.roles as { name: string; inRoles?: string[] }[];
    const ownerRole = roles.find((r) => r.name === owner)!;
    for (const name of SERVICES) {
      expect(roles.map((r) => r.name)).toContain(`planted_${name}`);
      expect(ownerRole.inRoles).toContain(`planted_${name}`);
    }
    for (const name of SERVICES) {
      const container = podSpec(named(objects(), 'Deployment', name)).containers[0];
      const db = container.env.find((e: any) => e.name === 'DATABASE_URL').valueFrom.secretKeyRef;
      expect(db).toEqual({ name: `${cluster.metadata.name}-app`, key: 'uri' });
    }
    expect(named(objects(), 'StatefulSet', 'redis')).toBeDefined();
  });

  it("lets the Ingress take a profile picture's body, and Prometheus find the gateway's metrics on its Service", () => {
    // ingress-nginx (the controller the NetworkPolicies admit) refuses bodies over 1 MB unless told.
    const ingress = named(objects(), 'Ingress', 'gateway');
    const bodySize = ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '1m';
    expect(Number(bodySize.replace(/m$/, ''))).toBeGreaterThanOrEqual(11);
    const container = podSpec(named(objects(), 'Deployment', 'gateway')).containers[0];
    const metricsPort = container.ports.find((p: any) => p.name === 'metrics');
    expect(Number(containerEnv(objects(), container).METRICS_PORT)).toBe(metricsPort.containerPort);
    const servicePorts = named(objects(), 'Service', 'gateway').spec.ports;
    expect(servicePorts).toContainEqual(expect.objectContaining({ name: 'metrics', targetPort: 'metrics' }));
  });

  it('lets each workload reach only what it needs (default deny, NetworkPolicies)', () => {
    const policies = ofKind(objects(), 'NetworkPolicy');
    const defaultDeny = policies.find(
      (p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress && !p.spec.egress,
    );
    expect(defaultDeny?.spec.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
    const pod = (name: string): Pod => {
      const workload = objects().find(
        (o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind) && o.metadata.name === name,
      );
      if (!workload) throw new Error(`no workload ${name}`);
      return { labels: workload.spec.template.metadata.labels };
    };
    const postgres: Pod = { labels: { 'cnpg.io/cluster': 'postgres' } };
    const ingressController: Pod = {
      labels: { 'app.kubernetes.io/name': 'ingress-nginx' },
      namespace: 'ingress-nginx',
    };
    const stranger: Pod = { labels: { app: 'something-else' } };
    const reach = (from: Pod, to: Pod, port: number) => canReach(policies, from, to, port);

    for (const name of SERVICES) {
      expect([name, 'nats', reach(pod(name), pod('nats'), 4222)]).toEqual([name, 'nats', true]);
      expect([name, 'postgres', reach(pod(name), postgres, 5432)]).toEqual([name, 'postgres', true]);
      expect([name, 'redis', reach(pod(name), pod('redis'), 6379)]).toEqual([name, 'redis', false]);
      expect([name, 'migrate', reach(pod(`${name}-migrate`), postgres, 5432)]).toEqual([
        name,
        'migrate',
        true,
      ]);
      // It makes the service's event stream there (as the NATS user 'streams').
      expect(reach(pod(`${name}-migrate`), pod('nats'), 4222)).toBe(true);
      expect(reach(ingressController, pod(name), 3101)).toBe(false);
    }
    expect(reach(pod('gateway'), pod('nats'), 4222)).toBe(true);
    expect(reach(pod('gateway'), pod('redis'), 6379)).toBe(true);
    // The gateway has no database: nothing of it reaches PostgreSQL.
    expect(reach(pod('gateway'), postgres, 5432)).toBe(false);
    expect(
      containerEnv(objects(), podSpec(named(objects(), 'Deployment', 'gateway')).containers[0]),
    ).not.toHaveProperty('DATABASE_URL');
    expect(reach(ingressController, pod('gateway'), 3000)).toBe(true);
    expect(reach(pod('nats'), pod('nats'), 6222)).toBe(true);
    // Traces to the collector in the monitoring namespace, at the port the configuration names.
    const collector: Pod = {
      labels: { 'app.kubernetes.io/name': 'otel-collector' },
      namespace: 'monitoring',
    };
    for (const name of DEPLOYABLES) {
      const endpoint = containerEnv(
        objects(),
        podSpec(named(objects(), 'Deployment', name)).containers[0],
      ).OTEL_EXPORTER_OTLP_ENDPOINT;
      expect([name, new URL(endpoint).port, new URL(endpoint).hostname.split('.')[1]]).toEqual([
        name,
        '4318',
        'monitoring',
      ]);
      expect([name, 'traces', reach(pod(name), collector, 4318)]).toEqual([name, 'traces', true]);
    }
    expect(reach(pod('nats'), collector, 4318)).toBe(false);
    for (const target of [pod('nats'), pod('redis'), postgres, pod('gateway')])
      expect(
        reach(stranger, target, 4222) ||
          reach(stranger, target, 6379) ||
          reach(stranger, target, 5432) ||
          reach(stranger, target, 3000),
      ).toBe(false);
    if (overlay === 'dev') {
      expect(reach(pod('billing'), pod('stripe-local'), 12111)).toBe(true);
      expect(reach(pod('stripe-local'), pod('gateway'), 3000)).toBe(true);
      expect(reach(pod('accounting'), pod('zahara-local'), 3190)).toBe(true);
      expect(reach(pod('gateway'), pod('oidc-local'), 9400)).toBe(true);
      expect(reach(pod('identity'), pod('mailpit'), 1025)).toBe(true);
      expect(reach(pod('hires'), pod('stripe-local'), 12111)).toBe(false);
    }
  });

  it(
    overlay === 'dev'
      ? 'runs the fakes and points the deployables at them'
      : 'has no fakes, and nothing points at one',
    () => {
      const fakeObjects = objects().filter(
        (o) =>
          o.metadata.labels?.['app.kubernetes.io/component'] === 'fake' ||
          FAKES.some((fake) => o.metadata.name === fake || o.metadata.name.startsWith(`${fake}-`)) ||
          (['Deployment', 'StatefulSet', 'Job'].includes(o.kind) &&
            allContainers(o).some((c) => FAKES.some((fake) => String(c.image).includes(fake)))),
      );
      const configText = JSON.stringify(ofKind(objects(), 'ConfigMap').map((c) => c.data));
      if (overlay === 'prod') {
        expect(fakeObjects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([]);
        expect(configText).not.toMatch(/stripe-local|zahara-local|oidc-local|mailpit|localhost/);
        return;
      }
      for (const fake of FAKES) expect(named(objects(), 'Deployment', fake)).toBeDefined();
      const env = (name: string) =>
        containerEnv(objects(), podSpec(named(objects(), 'Deployment', name)).containers[0]);
      expect(env('billing').STRIPE_API_BASE_URL).toBe('http://stripe-local:12111');
      expect(env('accounting').ZAHARA_BASE_URL).toBe('http://zahara-local:3190');
      expect(env('gateway').GOOGLE_TOKEN_URL).toBe('http://oidc-local:9400/token');
      expect(env('identity').SMTP_URL).toBe('smtp://mailpit:1025');
      // The local Stripe signs with the secret the gateway checks, and takes billing's key.
      const stripe = podSpec(named(objects(), 'Deployment', 'stripe-local')).containers[0];
      const ref = (n: string) => stripe.env.find((e: any) => e.name === n).valueFrom.secretKeyRef;
      expect(ref('STRIPE_LOCAL_WEBHOOK_SECRET')).toEqual({
        name: 'gateway-secrets',
        key: 'STRIPE_WEBHOOK_SECRET',
      });
      expect(ref('STRIPE_LOCAL_SECRET_KEY')).toEqual({ name: 'billing-secrets', key: 'STRIPE_SECRET_KEY' });
    },
  );
});

describe('the validators', () => {
  // Proof that the validation above can fail: broken objects are refused.
  it('refuses objects whose fields have the wrong types or are missing, and kinds Kubernetes does not have', () => {
    const valid = named(render('prod'), 'Deployment', 'identity');
    const wrongType = structuredClone(valid);
    wrongType.spec.replicas = 'three';
    const noSelector = structuredClone(valid);
    delete noSelector.spec.selector;
    const badProbe = structuredClone(valid);
    badProbe.spec.template.spec.containers[0].readinessProbe.httpGet.path = 42;
    const [ok, ...broken] = validateBuiltIn([
      valid,
      wrongType,
      noSelector,
      badProbe,
      { apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: { name: 'x' } },
    ]);
    expect(ok).toBeUndefined();
    expect(broken.every(Boolean)).toBe(true);
    expect(broken[3]).toMatch(/not a Kubernetes API kind/);
  });

  it('refuses a CloudNativePG Cluster with no instances or an unknown field', () => {
    const cluster = structuredClone(ofKind(render('prod'), 'Cluster')[0]);
    expect(() => validateCustom(cluster)).not.toThrow();
    expect(() => validateCustom({ ...cluster, spec: { ...cluster.spec, instances: 0 } })).toThrow(
      /instances/,
    );
    expect(() => validateCustom({ ...cluster, spec: { ...cluster.spec, instancez: 3 } })).toThrow(
      /additional/,
    );
  });
});
