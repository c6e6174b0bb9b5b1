import { runService } from '@planted/service-kit';
import { hiresService } from './hires.service';

void runService(hiresService);
