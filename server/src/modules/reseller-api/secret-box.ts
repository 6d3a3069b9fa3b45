import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM sealing of the API keys' secrets at rest, under the SHA-256 of the configured
 * `RESELLER_KEY_ENCRYPTION_KEY`. A sealed secret reads `v1.<iv>.<tag>.<ciphertext>` (base64url);
 * the key id is bound as additional data, so a sealed secret copied to another key will not open.
 */
export class SecretBox {
  private readonly key: Buffer;
  /** Opened secrets by their sealed text, which never changes for a key: one AES open per key. */
  private readonly opened = new Map<string, string>();

  constructor(configuredKey: string) {
    this.key = createHash('sha256').update(configuredKey, 'utf8').digest();
  }

  seal(secret: string, keyId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(keyId, 'utf8'));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string, keyId: string): string {
    const cacheKey = `${keyId}:${sealed}`;
    const known = this.opened.get(cacheKey);
    if (known !== undefined) return known;
    const secret = this.openSealed(sealed, keyId);
    if (this.opened.size >= 10_000) this.opened.clear();
    this.opened.set(cacheKey, secret);
    return secret;
  }

  private openSealed(sealed: string, keyId: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) {
      throw new Error('not a sealed secret');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(keyId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}
