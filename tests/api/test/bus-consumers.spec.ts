import { accountingService } from '@planted/accounting/src/accounting.service';
import { billingService } from '@planted/billing/src/billing.service';
import { catalogueService } from '@planted/catalogue/src/catalogue.service';
import { hiresService } from '@planted/hires/src/hires.service';
import { identityService } from '@planted/identity/src/identity.service';
import { BUS_PARTICIPANTS } from '@planted/service-kit';

/**
 * nats-server lets each service work only the durable consumers BUS_PARTICIPANTS names for it
 * (deploy/nats/nats.conf): a consumer a service definition adds without declaring it there
 * would be refused by the bus at start-up in compose and Kubernetes.
 */
describe('the durable consumers of every service are the ones the bus permissions name', () => {
  const services = [identityService, catalogueService, hiresService, billingService, accountingService];

  it.each(services.map((service) => [service.name, service] as const))('%s', (name, service) => {
    const participant = BUS_PARTICIPANTS.find((p) => p.user === name);
    const defined = (service.consumers ?? []).map(({ stream, name }) => ({ stream, name }));
    expect([...(participant?.consumers ?? [])].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      defined.sort((a, b) => a.name.localeCompare(b.name)),
    );
  });
});
