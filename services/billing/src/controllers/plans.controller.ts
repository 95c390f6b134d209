import { Controller, Get, Header } from '@nestjs/common';
import { LAUNCH_PROMO, PLAN_ORDER, PLANS, PlanDefinition } from '@wildframe/contracts';

export interface PlansResponse {
  plans: PlanDefinition[];
  promo: typeof LAUNCH_PROMO;
}

/** The plan catalogue for the web's pricing, signup and subscription screens. */
@Controller('plans')
export class PlansController {
  @Get()
  @Header('Cache-Control', 'public, max-age=300')
  list(): PlansResponse {
    return { plans: PLAN_ORDER.map((id) => PLANS[id]), promo: LAUNCH_PROMO };
  }
}
