import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { AppError } from '../../common/errors/app-error.js';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService } from '../audit/audit.service.js';
import { Role } from '../../common/auth/role.js';
import { UsersService } from '../users/users.service.js';
import { ResellerApiKeyEntity, type KeyMode } from './reseller-api-key.entity.js';
import { ResellerErrorCode, ResellerMessages } from './reseller-errors.js';
import { newKeyId, newSecret } from './request-signature.js';
import { SecretBox } from './secret-box.js';
import { entityFromRow } from '../../database/entity-rows.js';
import { callbackUrlProblem } from './callbacks/callback-url.js';

/** What the admin (or, but for the rate limit, the reseller) may change on a key. */
export interface KeyChanges {
  label?: string;
  allowedIps?: string[];
  /** null removes it. */
  callbackUrl?: string | null;
  rateLimit?: number;
}

/** Who asked for a change to a key, for the audit log. */
export interface KeyActor {
  id: string;
}

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
    gstin: string | null;
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

/** The reseller's columns `active` reads beside its key. */
interface KeyOwnerColumns {
  owner_userid: string;
  owner_role: Role;
  owner_is_blocked: boolean;
  owner_name: string;
  owner_email: string;
  owner_mobilenumber: string | null;
  owner_state_code: string | null;
  owner_gstin: string | null;
}

/** Creating, listing and revoking a reseller's API keys, and finding the key a request names. */
@Injectable()
export class ResellerKeysService {
  private readonly box: SecretBox;

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly users: UsersService,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.box = new SecretBox(config.resellerKeyEncryptionKey);
  }

  /** In production a callback URL must be https and must not name a private address. */
  private checkCallbackUrl(url: string | null | undefined) {
    if (!url) return;
    const problem = callbackUrlProblem(url, {
      sandbox: this.config.sandbox,
      httpsOnly: this.config.env === 'production',
    });
    if (problem) throw new AppError('VALIDATION', problem, HttpStatus.BAD_REQUEST);
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
  async create(userid: number, input: NewKey, actor: KeyActor) {
    this.checkCallbackUrl(input.callbackUrl);
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
    await this.audit.record({
      actorId: actor.id,
      action: 'reseller.key.create',
      entity: 'reseller_api_key',
      entityId: keyId,
      after: view(key),
    });
    return { ...view(key), secret };
  }

  async list(userid: number) {
    const user = await this.reseller(userid);
    const keys = await this.keys.find({ where: { userId: user.id }, order: { createdAt: 'DESC' } });
    return { keys: keys.map(view) };
  }

  /** Revoked at once: the next request signed with it is refused. Revoking twice is fine. */
  async revoke(userid: number, keyId: string, actor: KeyActor) {
    const user = await this.reseller(userid);
    const key = await this.keys.findOneBy({ userId: user.id, keyId });
    if (!key) throw keyNotFound();
    if (!key.revokedAt) {
      const revoked = await this.keys.update(
        { id: key.id, revokedAt: IsNull() },
        { revokedAt: this.clock.now() },
      );
      if (revoked.affected) {
        await this.audit.record({
          actorId: actor.id,
          action: 'reseller.key.revoke',
          entity: 'reseller_api_key',
          entityId: keyId,
          before: view(key),
          after: view((await this.keys.findOneBy({ id: key.id }))!),
        });
      }
    }
    return view((await this.keys.findOneBy({ id: key.id }))!);
  }

  /** Changes a key's label, allow-list, callback URL or rate limit; each change is audited. */
  async change(userid: number, keyId: string, changes: KeyChanges, actor: KeyActor) {
    this.checkCallbackUrl(changes.callbackUrl);
    const user = await this.reseller(userid);
    const key = await this.keys.findOneBy({ userId: user.id, keyId });
    if (!key) throw keyNotFound();
    const before = view(key);
    const patch: Partial<ResellerApiKeyEntity> = {};
    if (changes.label !== undefined) patch.label = changes.label;
    if (changes.allowedIps !== undefined) patch.allowedIps = changes.allowedIps;
    if (changes.callbackUrl !== undefined) patch.callbackUrl = changes.callbackUrl || null;
    if (changes.rateLimit !== undefined) patch.rateLimit = changes.rateLimit;
    if (Object.keys(patch).length > 0) await this.keys.update({ id: key.id }, patch);
    const after = view((await this.keys.findOneBy({ id: key.id }))!);
    const changed = (Object.keys(patch) as (keyof KeyView)[]).filter(
      (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
    );
    if (changed.length > 0) {
      await this.audit.record({
        actorId: actor.id,
        action: 'reseller.key.change',
        entity: 'reseller_api_key',
        entityId: keyId,
        before: Object.fromEntries(changed.map((field) => [field, before[field]])),
        after: Object.fromEntries(changed.map((field) => [field, after[field]])),
      });
    }
    return after;
  }

  /** The account id of the reseller with this userid (undefined for anyone else). */
  async resellerAccount(userid: number) {
    const user = await this.users.getByUserid(userid);
    return user?.role === Role.Reseller ? user.id : undefined;
  }

  /** The callback URL of the key with row id `id`. */
  async callbackUrlOf(id: string) {
    return (await this.keys.findOneBy({ id }))?.callbackUrl ?? null;
  }

  /** The opened secret of the key with row id `id`: it signs that key's callbacks. */
  async secretOf(id: string) {
    const key = await this.keys.findOneByOrFail({ id });
    return this.box.open(key.secretSealed, key.keyId);
  }

  /**
   * The key `keyId` names if it may sign now: not revoked, its owner a reseller, not blocked.
   * Typed SQL: every signed request reads its key and its reseller anew, so a revoke, a block or
   * a demotion takes effect at once; one statement, on the path the API's throughput is held to.
   */
  async active(keyId: string): Promise<ActiveKey | undefined> {
    const rows: Array<Record<string, unknown> & KeyOwnerColumns> = await this.txHost.tx.query(
      `SELECT api_key.*, owner.userid AS owner_userid, owner.role AS owner_role,
              owner.is_blocked AS owner_is_blocked, owner.name AS owner_name,
              owner.email AS owner_email, owner.mobilenumber AS owner_mobilenumber,
              owner.state_code AS owner_state_code, owner.gstin AS owner_gstin
       FROM reseller_api_keys api_key JOIN users owner ON owner.id = api_key.user_id
       WHERE api_key.key_id = $1 AND api_key.revoked_at IS NULL AND NOT owner.guest`,
      [keyId],
    );
    const row = rows[0];
    if (!row || row.owner_role !== Role.Reseller || row.owner_is_blocked) return undefined;
    const key = entityFromRow(this.txHost.tx, ResellerApiKeyEntity, row);
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
        id: key.userId,
        userid: Number(row.owner_userid),
        name: row.owner_name,
        email: row.owner_email,
        mobilenumber: row.owner_mobilenumber,
        stateCode: row.owner_state_code,
        gstin: row.owner_gstin,
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
