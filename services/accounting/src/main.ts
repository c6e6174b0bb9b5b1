import { runService } from '@planted/service-kit';
import { accountingService } from './accounting.service';

void runService(accountingService);
