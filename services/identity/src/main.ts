import { runService } from '@planted/service-kit';
import { identityService } from './identity.service';

void runService(identityService);
