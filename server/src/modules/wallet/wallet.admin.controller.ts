import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { AdminPageQueryDto } from '../../common/http/page-query.dto.js';
import { KeysetListQueryDto, parseListQuery } from '../../common/http/simple-rest.js';
import { SimpleRestList, type ListPage } from '../../common/http/list-page.js';
import { Role } from '../../common/auth/role.js';
import {
  AddUserBalanceDto,
  AddUserBalanceResponseDto,
  AdminWalletPageDto,
} from './dto/wallet-admin.dto.js';
import { WalletTransactionDto } from './dto/wallet.dto.js';
import { WALLET_TXN_SORTABLE, WalletAdminService } from './wallet-admin.service.js';
import { Idempotent } from '../../common/idempotency/idempotent.js';
import { EdgeBody } from '../../common/http/validated-body.js';
import { ApiAdminOperation, ApiErrors } from '../../common/openapi/api-docs.decorators.js';

/** Spec 002's wallet calls (add balance, all wallet transactions) and the console's table. */
@ApiTags('Admin: wallet')
@Authenticated(Role.Admin)
@Controller('admin')
export class WalletAdminController {
  constructor(private readonly service: WalletAdminService) {}

  @Post('adduserbalance')
  @ApiAdminOperation(
    "Add Z-Coins to a user's wallet",
    'Send an Idempotency-Key so a retry never adds twice.',
  )
  @ApiErrors(400, 404, [409, 'IDEMPOTENCY_IN_PROGRESS'], 422, 503)
  @HttpCode(200)
  @Idempotent()
  @ApiOkResponse({ type: AddUserBalanceResponseDto })
  addUserBalance(@CurrentUser() auth: AuthUser, @EdgeBody() dto: AddUserBalanceDto) {
    return this.service.addBalance(auth, dto);
  }

  @Get('allwallettxn')
  @ApiAdminOperation('Every wallet transaction, a page at a time')
  @ApiErrors(400)
  @ApiOkResponse({ type: AdminWalletPageDto })
  allWalletTxn(@Query() query: AdminPageQueryDto) {
    return this.service.page(query.page, query.limit, query.after);
  }

  @Get('rest/wallet-transactions')
  @SimpleRestList(
    'wallet-transactions',
    'List wallet transactions (console table)',
    WalletTransactionDto,
  )
  async list(@Query() query: KeysetListQueryDto): Promise<ListPage<WalletTransactionDto>> {
    const list = parseListQuery(query, WALLET_TXN_SORTABLE, ['createdAt', 'DESC']);
    const { transactions, total } = await this.service.list(list);
    return { query: list, rows: transactions, total };
  }

  @Get('rest/wallet-transactions/:id')
  @ApiAdminOperation('Get a wallet transaction (console)')
  @ApiErrors(404)
  @ApiOkResponse({ type: WalletTransactionDto })
  get(@Param('id') id: string) {
    return this.service.get(id);
  }
}
