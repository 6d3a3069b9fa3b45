import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { AppError } from '../../common/errors/app-error.js';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { Role } from '../../common/auth/role.js';
import { UsersService } from '../users/users.service.js';
import { ResellerApiKeyEntity, type KeyMode } from './reseller-api-key.entity.js';
import { ResellerErrorCode, ResellerMessages } from './reseller-errors.js';
import { newKeyId, newSecret } from './request-signature.js';
import { SecretBox } from './secret-box.js';

export interface NewKey {
  label: string;
  mode: KeyMode;
  allowedIps?: string[];
  callbackUrl?: string;
}

/** A key as listed: never its secret. */
export interface KeyView {
  keyId: string;
  label: string;
  mode: KeyMode;
  allowedIps: string[];
  callbackUrl: string | null;
  rateLimit: number;
  createdAt: string;
  revokedAt: string | null;
}

/** A key that may sign right now, with its opened secret and its reseller. */
export interface ActiveKey {
  id: string;
  keyId: string;
  label: string;
  mode: KeyMode;
  secret: string;
  allowedIps: string[];
  rateLimit: number;
  callbackUrl: string | null;
  reseller: {
    id: string;
    userid: number;
    name: string;
    email: string;
    mobilenumber: string | null;
    /** GST state of residence: an API order's place of supply, as a storefront order's. */
    stateCode: string | null;
  };
}

const keyNotFound = () =>
  new AppError(ResellerErrorCode.KeyNotFound, ResellerMessages.keyNotFound, HttpStatus.NOT_FOUND);

const view = (key: ResellerApiKeyEntity): KeyView => ({
  keyId: key.keyId,
  label: key.label,
  mode: key.mode,
  allowedIps: key.allowedIps,
  callbackUrl: key.callbackUrl,
  rateLimit: key.rateLimit,
  createdAt: key.createdAt.toISOString(),
  revokedAt: key.revokedAt?.toISOString() ?? null,
});

/** Creating, listing and revoking a reseller's API keys, and finding the key a request names. */
@Injectable()
export class ResellerKeysService {
  private readonly box: SecretBox;

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly users: UsersService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(config.resellerKeyEncryptionKey);
  }

  private get keys() {
    return this.txHost.tx.getRepository(ResellerApiKeyEntity);
  }

  /** The reseller behind `{userid}`; anyone else has no keys. */
  private async reseller(userid: number) {
    const user = await this.users.getByUserid(userid);
    if (!user) throw keyNotFound();
    if (user.role !== Role.Reseller) {
      throw new AppError(
        ResellerErrorCode.NotReseller,
        ResellerMessages.notReseller,
        HttpStatus.CONFLICT,
      );
    }
    return user;
  }

  /** Answers the secret this once; only its sealed form is kept. */
  async create(userid: number, input: NewKey) {
    const user = await this.reseller(userid);
    const keyId = newKeyId(input.mode);
    const secret = newSecret();
    const key = await this.keys.save(
      this.keys.create({
        keyId,
        userId: user.id,
        label: input.label,
        mode: input.mode,
        secretSealed: this.box.seal(secret, keyId),
        allowedIps: input.allowedIps ?? [],
        callbackUrl: input.callbackUrl ?? null,
      }),
    );
    return { ...view(key), secret };
  }

  async list(userid: number) {
    const user = await this.reseller(userid);
    const keys = await this.keys.find({ where: { userId: user.id }, order: { createdAt: 'DESC' } });
    return { keys: keys.map(view) };
  }

  /** Revoked at once: the next request signed with it is refused. Revoking twice is fine. */
  async revoke(userid: number, keyId: string) {
    const user = await this.reseller(userid);
    const key = await this.keys.findOneBy({ userId: user.id, keyId });
    if (!key) throw keyNotFound();
    if (!key.revokedAt) {
      await this.keys.update({ id: key.id, revokedAt: IsNull() }, { revokedAt: this.clock.now() });
    }
    return view((await this.keys.findOneBy({ id: key.id }))!);
  }

  /** The key `keyId` names if it may sign now: not revoked, its owner a reseller, not blocked. */
  async active(keyId: string): Promise<ActiveKey | undefined> {
    const key = await this.keys.findOneBy({ keyId, revokedAt: IsNull() });
    if (!key) return undefined;
    const user = await this.users.getById(key.userId);
    if (!user || user.role !== Role.Reseller || user.isBlocked) return undefined;
    return {
      id: key.id,
      keyId: key.keyId,
      label: key.label,
      mode: key.mode,
      secret: this.box.open(key.secretSealed, key.keyId),
      allowedIps: key.allowedIps,
      rateLimit: key.rateLimit,
      callbackUrl: key.callbackUrl,
      reseller: {
        id: user.id,
        userid: user.userid,
        name: user.name,
        email: user.email,
        mobilenumber: user.mobilenumber,
        stateCode: user.stateCode,
      },
    };
  }

  /** Labels of keys by their row ids, for the console's order lists. */
  async labels(ids: string[]) {
    if (ids.length === 0) return new Map<string, string>();
    const keys = await this.keys
      .createQueryBuilder('key')
      .select(['key.id', 'key.label'])
      .where('key.id IN (:...ids)', { ids })
      .getMany();
    return new Map(keys.map((key) => [key.id, key.label]));
  }
}
