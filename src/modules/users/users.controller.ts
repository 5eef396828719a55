import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { IdParamDto, PaginationQueryDto } from '#src/common/validation/validators.js';
import { RequestOrigin } from '#src/common/http/request-origin.decorator.js';
import {
  CreateUserDto,
  InvitedUserResponseDto,
  toInvitationResponse,
  toUserResponse,
  UpdateUserDto,
  UserListResponseDto,
  UserResponseDto,
} from '#src/modules/users/dto/user.dto.js';
import { UsersService } from '#src/modules/users/users.service.js';

class UserIdParam extends IdParamDto('user') {}

@ApiTags('Users')
@Controller('api/v1/users')
@Authenticated(Permission.UsersManage)
export class UsersController {
  constructor(private readonly service: UsersService) {}

  @Get()
  @ApiOperation({ summary: 'List the organization\u2019s users' })
  @ApiOkResponse({ type: UserListResponseDto })
  @ApiErrors([400])
  async list(@Auth() auth: AuthContext, @Query() page: PaginationQueryDto): Promise<UserListResponseDto> {
    const { items, total } = await this.service.list(auth, page);
    return { users: items.map(toUserResponse), total, limit: page.limit, offset: page.offset };
  }

  @Post()
  @ApiOperation({
    summary: 'Add a user, and invite them',
    description:
      'Emails are unique per organization, compared case-insensitively. The answer carries the invitation (72 hours, single use) with which the user sets a password.',
  })
  @ApiCreatedResponse({ type: InvitedUserResponseDto })
  @ApiErrors([400, 409])
  async create(@Auth() auth: AuthContext, @Body() dto: CreateUserDto, @RequestOrigin() origin: string): Promise<InvitedUserResponseDto> {
    const { user, invitation } = await this.service.create(auth, dto, origin);
    return { ...toUserResponse(user), invitation: toInvitationResponse(invitation) };
  }

  @Post(':id/invitation')
  @ApiOperation({ summary: 'Invite a user again', description: 'The user with a new invitation, as on creation; the previous one no longer works.' })
  @ApiCreatedResponse({ type: InvitedUserResponseDto })
  @ApiErrors([400, 404])
  async invite(@Auth() auth: AuthContext, @Param() { id }: UserIdParam, @RequestOrigin() origin: string): Promise<InvitedUserResponseDto> {
    const { user, invitation } = await this.service.invite(auth, id, origin);
    return { ...toUserResponse(user), invitation: toInvitationResponse(invitation) };
  }

  @Delete(':id/invitation')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Withdraw a user\u2019s invitation',
    description: 'Their unused invitation stops working (204 also when none was left); a password they already set stays. Recorded as `user.updated`.',
  })
  @ApiNoContentResponse()
  @ApiErrors([400, 404])
  async revokeInvitation(@Auth() auth: AuthContext, @Param() { id }: UserIdParam): Promise<void> {
    await this.service.revokeInvitation(auth, id);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a user' })
  @ApiOkResponse({ type: UserResponseDto })
  @ApiErrors([400, 404])
  async get(@Auth() auth: AuthContext, @Param() { id }: UserIdParam): Promise<UserResponseDto> {
    return toUserResponse(await this.service.get(auth, id));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update a user', description: 'A role change applies at once to the user\u2019s personal keys.' })
  @ApiOkResponse({ type: UserResponseDto })
  @ApiErrors([400, 404, 409])
  async update(@Auth() auth: AuthContext, @Param() { id }: UserIdParam, @Body() dto: UpdateUserDto): Promise<UserResponseDto> {
    return toUserResponse(await this.service.update(auth, id, dto));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a user', description: 'Their personal keys are revoked. The last admin cannot be removed.' })
  @ApiNoContentResponse()
  @ApiErrors([400, 404, 409])
  async delete(@Auth() auth: AuthContext, @Param() { id }: UserIdParam): Promise<void> {
    await this.service.delete(auth, id);
  }
}
