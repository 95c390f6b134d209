import { Body, Controller, Delete, Get, Param, Patch, Query, UseGuards } from '@nestjs/common';
import { AdminGuard, CurrentIdentity, idParam, valid } from '@wildframe/platform';
import type { Identity } from '@wildframe/platform';
import { adminPlanBody, listPageQuery } from '../dto/auth.dto';
import type { AdminPlanBody, ListPageQuery } from '../dto/auth.dto';
import { AdminUserView, AdminUsersService, adminUsersErrors } from '../use-cases/admin-users.service';

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
  changePlan(@Param('id', idParam(adminUsersErrors.notFound)) id: string, @Body(valid(adminPlanBody)) body: AdminPlanBody): Promise<AdminUserView> {
    return this.adminUsers.changePlan(id, body.plan);
  }

  @Delete(':id')
  remove(@Param('id', idParam(adminUsersErrors.notFound)) id: string, @CurrentIdentity() identity: Identity): Promise<{ message: string }> {
    return this.adminUsers.delete(id, identity);
  }
}
