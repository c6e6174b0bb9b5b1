import { HiresCustomerStats, IdentityCustomerGet } from '@planted/contracts';
import { route } from '../routes/route-kit';

export const CUSTOMERS_ROUTES = [
  route(IdentityCustomerGet, {
    method: 'GET',
    path: '/api/customers',
    operationId: 'getCustomer',
    summary: "The signed-in user's company",
    tag: 'customers',
    access: 'signed-in',
  }),
  route(HiresCustomerStats, {
    method: 'GET',
    path: '/api/customers/stats',
    operationId: 'getCustomerStats',
    summary: 'Dashboard figures (answered by the hires service; 503 until it runs)',
    tag: 'customers',
    access: 'signed-in',
  }),
];
