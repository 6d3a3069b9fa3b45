import { Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { requireOwner, requireReadAccess } from '../../common/auth/access.js';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ParseWholeNumberPipe } from '../../common/http/whole-number.pipe.js';
import { Messages } from '@zstore/contract/messages';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import {
  SavedPlayerDeletedDto,
  SavedPlayerDto,
  SavedPlayerPathDto,
} from './dto/saved-player.dto.js';
import { SavedPlayersRepository } from './saved-players.repository.js';

@ApiTags('Saved players')
@Controller('savedplayers')
export class SavedPlayersController {
  constructor(private readonly players: SavedPlayersRepository) {}

  @Get(':userid')
  @ApiOperation({
    summary: "A user's saved players: the last player id and zone per product",
    description: 'Kept when an order is placed. The owner or an admin; anyone else gets 404.',
  })
  @ApiErrors(400, 404)
  @Authenticated()
  @ApiOkResponse({ type: [SavedPlayerDto] })
  async list(@CurrentUser() auth: AuthUser, @Param('userid', ParseWholeNumberPipe) userid: number) {
    requireReadAccess(auth, userid);
    return (await this.players.list(userid)).map((row) => SavedPlayerDto.from(row));
  }

  @Delete(':userid/:productId')
  @ApiOperation({
    summary: 'Forget the saved player of one product',
    description:
      'The owner only; anyone else gets 404. Forgetting a player that is not saved succeeds too.',
  })
  @ApiErrors(400, 404)
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: SavedPlayerDeletedDto })
  async forget(
    @CurrentUser() auth: AuthUser,
    @Param() path: SavedPlayerPathDto,
  ): Promise<SavedPlayerDeletedDto> {
    const userid = Number(path.userid);
    requireOwner(auth, userid);
    await this.players.forget(userid, path.productId);
    return { msg: Messages.savedPlayerRemoved };
  }
}
