import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Messages } from '@zstore/contract/messages';
import { trimText } from '../../../common/http/form-fields.js';

const STATUSES = ['pending', 'rewarded', 'refused', 'void'];

export class ReferralFriendDto {
  @ApiProperty({
    description: "The friend's name, masked: first letters only",
    example: 'R*** K***',
  })
  name: string;
  @ApiProperty() joinedAt: string;
  @ApiProperty({ enum: STATUSES }) status: string;
  @ApiProperty({ description: 'Points the referrer earned for this friend' }) points: number;
}

export class ReferralSummaryDto {
  @ApiProperty({ example: 'K7M2QX9P' }) code: string;
  @ApiProperty({ example: 'http://localhost:3000/register?ref=K7M2QX9P' }) link: string;
  @ApiProperty({ description: 'Points each side earns' }) rewardPoints: number;
  @ApiProperty({ description: "The least the friend's first order pays, in rupees" })
  minOrder: number;
  @ApiProperty({ description: 'Rewards a referrer can earn per month' }) monthlyCap: number;
  @ApiProperty({ description: 'Friends whose first qualifying order has not completed yet' })
  pending: number;
  @ApiProperty() earnedPoints: number;
  @ApiProperty({ type: [ReferralFriendDto] }) friends: ReferralFriendDto[];
}

export class ReferralAdminDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: STATUSES }) status: string;
  @ApiProperty() referrer: string;
  @ApiProperty() referrerUserid: number;
  @ApiProperty() referee: string;
  @ApiProperty() refereeUserid: number;
  @ApiPropertyOptional({ nullable: true, type: String }) orderid: string | null;
  @ApiProperty() referrerPoints: number;
  @ApiProperty() refereePoints: number;
  @ApiProperty() clawedBackPoints: number;
  @ApiPropertyOptional({ nullable: true, type: String }) refusedWhy: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) voidReason: string | null;
  @ApiProperty() createdAt: string;
  @ApiPropertyOptional({ nullable: true, type: String }) rewardedAt: string | null;
}

export class VoidReferralDto {
  @ApiProperty({ example: 'Two accounts of one person' })
  @Transform(trimText)
  @MaxLength(300)
  @IsString({ message: Messages.fillAllFields })
  @IsNotEmpty({ message: Messages.fillAllFields })
  reason: string;
}

export class VoidReferralResponseDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: ['void'] }) status: string;
  @ApiProperty({ description: 'Points taken back from the two customers' })
  clawedBackPoints: number;
}
