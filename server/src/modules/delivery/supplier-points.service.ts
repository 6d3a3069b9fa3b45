import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { SmileOneAdapter, type SmileRegion } from '../../providers/smileone/smileone.adapter.js';
import { SupplierRefusal } from '../../providers/supplier-http.js';
import type { SupplierPointsResponseDto } from './dto/delivery.dto.js';

/** Spec 002: the admin's view of the Smile.one points left in each region. */
@Injectable()
export class SupplierPointsService {
  private readonly logger = new Logger('SupplierPoints');

  constructor(private readonly smileone: SmileOneAdapter) {}

  async smilePoints(region: SmileRegion): Promise<SupplierPointsResponseDto> {
    try {
      const { status, smilePoints } = await this.smileone.querypoints(region);
      return { status, smile_points: smilePoints, message: Messages.pointsFetched };
    } catch (error) {
      this.logger.warn(`querypoints ${region} failed: ${(error as Error).message}`);
      const refused = error instanceof SupplierRefusal;
      throw new AppError(
        ErrorCode.ProviderFailed,
        Messages.pointsFetchFailed,
        refused ? HttpStatus.BAD_GATEWAY : HttpStatus.SERVICE_UNAVAILABLE,
        { status: refused ? Number(error.code) || error.code : null, smile_points: null },
      );
    }
  }
}
