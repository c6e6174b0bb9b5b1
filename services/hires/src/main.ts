import { runMigrateCommand, runService, serviceCommand } from '@planted/service-kit';
import { hiresService } from './hires.service';

// `node main.js` serves; `node main.js migrate` applies the migrations and exits (the
// Kubernetes migration Job); `node main.js migrate --wait` waits until they are applied
// (the Deployment's init container).
void (serviceCommand() === 'migrate'
  ? runMigrateCommand(hiresService, process.argv.slice(3))
  : runService(hiresService));
