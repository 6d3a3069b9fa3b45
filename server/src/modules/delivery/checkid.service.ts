import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import {
  isMooGoldApiType,
  MooGoldAdapter,
  moogoldAccountFields,
} from '../../providers/moogold/moogold.adapter.js';
import { SmileOneAdapter, type SmileRegion } from '../../providers/smileone/smileone.adapter.js';
import { SupplierRefusal } from '../../providers/supplier-http.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { CheckedPlayers } from '../orders/checked-players.js';
import type { CheckIdDto, CheckIdResponseDto } from './dto/delivery.dto.js';

/** Any valid pack of the region will do for `getrole` when the item names none of its own. */
const DEFAULT_PACK: Record<SmileRegion, string> = { SMILEBR: '13', SMILEPH: '212' };
/** Smile.one body statuses that are about our merchant account, not the player. */
const SMILE_STORE_STATUSES = new Set(['10001', '10002', '10003', '10004', '20005', '20010', '404']);

/**
 * The player check (DESIGN section 13): Smile.one `getrole` in the product's region; for
 * MOOGOLDMLBB, MooGold `validate` when the account has it, else Smile.one PH `getrole`.
 * Refusals about the player come back as the supplier's message (the storefront maps them);
 * failures on our side are a 503 that says nothing about the player.
 */
@Injectable()
export class CheckIdService {
  private readonly logger = new Logger('CheckId');

  constructor(
    private readonly catalog: CatalogService,
    private readonly smileone: SmileOneAdapter,
    private readonly moogold: MooGoldAdapter,
    private readonly checkedPlayers: CheckedPlayers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The check; a name it finds is kept for the order placed after it. */
  async check(dto: CheckIdDto): Promise<CheckIdResponseDto> {
    const answer = await this.ask(dto);
    if (answer.message === 'success' && answer.use !== 'b' && answer.username) {
      await this.checkedPlayers
        .remember(dto.selectedProduct, dto.userid, dto.zoneid, answer.username)
        .catch((error: Error) => this.logger.warn(`checked name not kept: ${error.message}`));
    }
    return answer;
  }

  private async ask(dto: CheckIdDto): Promise<CheckIdResponseDto> {
    const [product, item] = await Promise.all([
      this.catalog.getProduct(dto.selectedProduct),
      this.catalog.getItem(dto.selectedItem),
    ]);
    if (!product || !item || !product.items.includes(item.itemid)) {
      throw AppError.badRequest(Messages.selectPackAndDetails);
    }
    const apiType = item.apiType ?? product.apiType;
    if (!(item.isApi || product.isApi) || !apiType) {
      throw AppError.badRequest(Messages.checkIdNotAvailable);
    }
    try {
      if (apiType === 'SMILEBR' || apiType === 'SMILEPH') {
        return await this.smileRole(apiType, dto, item.itemidarray[0] ?? DEFAULT_PACK[apiType]);
      }
      if (isMooGoldApiType(apiType)) {
        if (this.config.moogold.validateEnabled) {
          const validation = await this.moogold.validate(
            item.itemidarray[0] ?? '',
            moogoldAccountFields(apiType, dto.userid, dto.zoneid),
          );
          if (validation.available) {
            return validation.valid
              ? { message: 'success', use: '', username: validation.username }
              : { message: validation.message, use: '', username: '' };
          }
        }
        if (apiType === 'MOOGOLDMLBB') {
          return await this.smileRole('SMILEPH', dto, DEFAULT_PACK.SMILEPH);
        }
      }
    } catch (error) {
      if (
        error instanceof SupplierRefusal &&
        error.provider === 'smileone' &&
        !SMILE_STORE_STATUSES.has(error.code)
      ) {
        return { message: error.reason, use: '', username: '' };
      }
      this.logger.warn(`player check failed: ${(error as Error).message}`);
      throw new AppError(
        ErrorCode.ProviderFailed,
        Messages.checkIdUnavailable,
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    throw AppError.badRequest(Messages.checkIdNotAvailable);
  }

  private async smileRole(region: SmileRegion, dto: CheckIdDto, productid: string) {
    const role = await this.smileone.getrole(region, {
      userid: dto.userid,
      zoneid: dto.zoneid,
      productid,
    });
    return { message: 'success', use: role.use, username: role.username };
  }
}
