import { Body, Controller, Delete, Get, Param, Patch, Query, UseGuards } from '@nestjs/common';
import { PLAN_ORDER } from '@wildframe/contracts';
import type { PlanId } from '@wildframe/contracts';
import { AdminGuard, CurrentIdentity, idParam, valid } from '@wildframe/platform';
import type { Identity } from '@wildframe/platform';
import { z } from 'zod';
import { listPageQuery } from '../dto/auth.dto';
import type { ListPageQuery } from '../dto/auth.dto';
import { AdminUserView, AdminUsersService, adminUsersErrors } from '../use-cases/admin-users.service';

const planBody = z.object({ plan: z.enum(PLAN_ORDER as [PlanId, ...PlanId[]], { error: 'Please choose a plan' }) });

/** Every account, for admins: 401 to anonymous callers, 403 to members. */
@Controller('admin/users')
@UseGuards(AdminGuard)
export class AdminUsersController {
  constructor(private readonly adminUsers: AdminUsersService) {}

  @Get()
  list(@Query(valid(listPageQuery)) page: ListPageQuery): Promise<AdminUserView[]> {
    return this.adminUsers.list(page);
  }

  @Patch(':id/plan')
  changePlan(@Param('id', idParam(adminUsersErrors.notFound)) id: string, @Body(valid(planBody)) body: z.infer<typeof planBody>): Promise<AdminUserView> {
    return this.adminUsers.changePlan(id, body.plan);
  }

  @Delete(':id')
  remove(@Param('id', idParam(adminUsersErrors.notFound)) id: string, @CurrentIdentity() identity: Identity): Promise<{ message: string }> {
    return this.adminUsers.delete(id, identity);
  }
}
