import type { K8sObject } from './kube';

/**
 * A pod as NetworkPolicies see it: its labels, its namespace (the overlay's when not given)
 * and its address (in the cluster's 10.0.0.0/8 when not given).
 */
export interface Pod {
  labels: Record<string, string>;
  namespace?: string;
  ip?: string;
}

interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: {
    key: string;
    operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
    values?: string[];
  }[];
}

interface Peer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: { cidr: string; except?: string[] };
}

interface Rule {
  ports?: { protocol?: string; port?: number | string; endPort?: number }[];
  to?: Peer[];
  from?: Peer[];
}

const HOME = '(overlay namespace)';
const POD_IP = '10.1.2.3';

export function selects(selector: Selector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {}))
    if (labels[key] !== value) return false;
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const has = key in labels;
    if (operator === 'In' && !(has && values.includes(labels[key]))) return false;
    if (operator === 'NotIn' && has && values.includes(labels[key])) return false;
    if (operator === 'Exists' && !has) return false;
    if (operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

const ipNumber = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);

function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  const start = Math.floor(ipNumber(base) / size) * size;
  return ipNumber(ip) >= start && ipNumber(ip) < start + size;
}

function peerMatches(peer: Peer, pod: Pod): boolean {
  if (peer.ipBlock) {
    const ip = pod.ip ?? POD_IP;
    return inCidr(ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((e) => inCidr(ip, e));
  }
  const namespace = pod.namespace ?? HOME;
  if (peer.namespaceSelector) {
    const nsLabels = { 'kubernetes.io/metadata.name': namespace };
    if (namespace === HOME && Object.keys(peer.namespaceSelector).length) {
      // The overlay's own namespace matched by name is not used here; only other namespaces are.
      if (!selects(peer.namespaceSelector, {})) return false;
    } else if (!selects(peer.namespaceSelector, nsLabels)) return false;
  } else if (namespace !== HOME) return false;
  return selects(peer.podSelector, pod.labels);
}

function portMatches(rule: Rule, port: number): boolean {
  if (!rule.ports?.length) return true;
  return rule.ports.some(
    (p) =>
      (p.protocol ?? 'TCP') === 'TCP' &&
      (p.port === undefined ||
        p.port === port ||
        (p.endPort !== undefined && Number(p.port) <= port && port <= p.endPort)),
  );
}

function allowed(
  policies: K8sObject[],
  pod: Pod,
  direction: 'Ingress' | 'Egress',
  peer: Pod,
  port: number,
): boolean {
  if ((pod.namespace ?? HOME) !== HOME) return true; // outside the overlay: not ours to police
  const applying = policies.filter(
    (p) => selects(p.spec.podSelector, pod.labels) && (p.spec.policyTypes as string[]).includes(direction),
  );
  if (!applying.length) return true;
  return applying.some((policy) =>
    ((direction === 'Ingress' ? policy.spec.ingress : policy.spec.egress) ?? []).some((rule: Rule) => {
      const peers = direction === 'Ingress' ? rule.from : rule.to;
      return portMatches(rule, port) && (!peers?.length || peers.some((p) => peerMatches(p, peer)));
    }),
  );
}

/** Whether `from` may open a TCP connection to `to` on `port` under these NetworkPolicies. */
export function canReach(policies: K8sObject[], from: Pod, to: Pod, port: number): boolean {
  return allowed(policies, from, 'Egress', to, port) && allowed(policies, to, 'Ingress', from, port);
}
