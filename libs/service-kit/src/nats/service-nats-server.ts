import type { NatsConnection, Subscription, SubscriptionOptions } from 'nats';
import { PrefixedNatsServer, type PrefixedNatsServerExtras } from '@planted/messaging';

/**
 * The prefixed Nest NATS server on a connection opened (and checked) beforehand, which
 * can stop taking requests while the ones in progress finish (graceful shutdown). Its
 * queue group is the service's name, so replicas share the requests.
 */
export class ServiceNatsServer extends PrefixedNatsServer {
  private readonly handlerSubscriptions: Subscription[] = [];
  private natsConnected = false;

  constructor(
    private readonly connection: NatsConnection,
    service: string,
    subjectPrefix: string,
    extras: PrefixedNatsServerExtras = {},
  ) {
    super({ queue: service }, subjectPrefix, extras);
    this.status.subscribe((status) => (this.natsConnected = status === 'connected'));
  }

  override createNatsClient(): Promise<NatsConnection> {
    return Promise.resolve(this.connection);
  }

  override bindEvents(client: NatsConnection): void {
    const recording = {
      subscribe: (subject: string, options?: SubscriptionOptions) => {
        const subscription = client.subscribe(subject, options);
        this.handlerSubscriptions.push(subscription);
        return subscription;
      },
    };
    super.bindEvents(recording);
  }

  isConnected(): boolean {
    return this.natsConnected && !this.connection.isClosed();
  }

  /** Unsubscribes every handler after the messages already delivered to it. */
  async stopAccepting(): Promise<void> {
    const subscriptions = this.handlerSubscriptions.splice(0);
    await Promise.all(
      subscriptions.map((s) => (s.isClosed() ? undefined : s.drain().catch(() => undefined))),
    );
  }
}
