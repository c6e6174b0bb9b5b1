import { runService } from '@planted/service-kit';
import { billingService } from './billing.service';

void runService(billingService);
