import { runService } from '@planted/service-kit';
import { catalogueService } from './catalogue.service';

void runService(catalogueService);
