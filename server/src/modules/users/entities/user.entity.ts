import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { bigintNumber } from '../../../database/transformers.js';
import type { User } from '../user.js';

export enum Role {
  User = 'user',
  Reseller = 'reseller',
  Admin = 'admin',
}

@Entity('users')
export class UserEntity implements User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'bigint', insert: false, update: false, transformer: bigintNumber })
  userid: number;

  @Column()
  name: string;

  @Column()
  email: string;

  @Column({ type: 'varchar', nullable: true })
  mobilenumber: string | null;

  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash: string | null;

  @Column({ type: 'enum', enum: Role, enumName: 'user_role', default: Role.User })
  role: Role;

  @Column({ default: false })
  verified: boolean;

  @Column({ name: 'is_blocked', default: false })
  isBlocked: boolean;

  @Column({ name: 'token_version', default: 0 })
  tokenVersion: number;

  @Column({ name: 'google_sub', type: 'varchar', nullable: true })
  googleSub: string | null;

  /** Z-Coins in paise; changed only with its ledger entries. */
  @Column({ type: 'bigint', transformer: bigintNumber, update: false })
  balance: number;

  /** Reward points in hundredths of a point; changed only with its ledger entries. */
  @Column({ type: 'bigint', transformer: bigintNumber, update: false })
  points: number;

  @Column({ name: 'verification_sent_at', type: 'timestamptz', nullable: true })
  verificationSentAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
