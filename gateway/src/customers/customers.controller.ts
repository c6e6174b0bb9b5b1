import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HiresCustomerStats, IdentityCustomerGet, type Actor, type TypedClient } from '@planted/contracts';
import { CurrentActor } from '../auth/auth.guard';
import { BUS } from '../bus/tokens';

@ApiTags('customers')
@ApiBearerAuth()
@Controller('api/customers')
export class CustomersController {
  constructor(@Inject(BUS) private readonly bus: TypedClient) {}

  @Get()
  @ApiOperation({ summary: "The signed-in user's company" })
  get(@CurrentActor() actor: Actor) {
    return this.bus.send(IdentityCustomerGet, { actor });
  }

  @Get('stats')
  @ApiOperation({ summary: 'Dashboard figures (answered by the hires service; 503 until it runs)' })
  stats(@CurrentActor() actor: Actor) {
    return this.bus.send(HiresCustomerStats, { actor });
  }
}
