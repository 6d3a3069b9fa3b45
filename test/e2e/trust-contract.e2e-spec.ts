import { jest } from '@jest/globals';
import { SignJWT } from 'jose';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { Messages } from '@zstore/contract/messages';
import { istIsoDate } from '../../server/src/common/india-time.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { solidGif } from '../utils/gif.js';
import { bearer, insertUser, SEEDED, signIn } from './helpers/accounts.js';
import { newShopper, sessionOf, type Shopper } from './money.helpers.js';

const HOUR = 3600_000;

/** A PNG chunk: length, type, data and CRC. */
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few kB of PNG whose header declares `width` x `height` pixels (a decompression bomb). */
function declaredPng(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale
  const rows = Buffer.alloc(64 * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('Trust: sessions, headers, logs, uploads and contract details', () => {
  let app: TestApp;
  let admin: Shopper;
  let shopper: Shopper;
  beforeAll(async () => {
    // Errors are logged (the log test reads them); the rest stays quiet.
    app = await startTestApp({ CORS_ORIGINS: 'https://console.example.com', LOG_LEVEL: 'error' });
    admin = await sessionOf(app, SEEDED.admin.email);
    shopper = await newShopper(app);
  });
  afterAll(() => app.close());
  afterEach(() => {
    app.clock.reset();
    jest.restoreAllMocks();
  });

  describe('sessions and headers', () => {
    it('refuses a token without exp, though signed with our key, issuer and audience', async () => {
      const token = await new SignJWT({ uid: shopper.userid, role: 'user', tv: 0 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(shopper.id)
        .setIssuer(app.config.jwt.issuer)
        .setAudience(app.config.jwt.audience)
        .setIssuedAt()
        .sign(new TextEncoder().encode(app.config.jwt.secret));
      const response = await app
        .http()
        .post('/api/auth/validateuser')
        .set(bearer(token))
        .send({})
        .expect(401);
      expect(response.body).toMatchObject({ message: Messages.tokenExpired });
      // The control: the server's own token for the same user works.
      await app.http().post('/api/auth/validateuser').set(shopper.auth).send({}).expect(200);
    });

    it('answers every authenticated call, and every sign-in, with Cache-Control: no-store', async () => {
      const answers = [
        await app.http().post('/api/auth/validateuser').set(shopper.auth).send({}),
        await app.http().get(`/api/user/myorder/${shopper.userid}`).set(shopper.auth),
        await app.http().get(`/api/wallet/gettransactions/${shopper.userid}`).set(shopper.auth),
        await app.http().get('/api/admin/rest/users?range=[0,1]').set(admin.auth),
        await app.http().get('/api/admin/rest/users/nope').set(admin.auth),
        await signIn(app, SEEDED.user.email, SEEDED.user.password),
      ];
      for (const answer of answers) {
        expect(answer.headers['cache-control']).toBe('no-store');
      }
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 404, 200]);
    });
  });

  describe('no personal data in logs', () => {
    it('logs a failed statement with its error and text, never its values', async () => {
      const logged: string[] = [];
      const capture = ((text: unknown) => {
        logged.push(String(text));
        return true;
      }) as typeof process.stdout.write;
      jest.spyOn(process.stdout, 'write').mockImplementation(capture);
      jest.spyOn(process.stderr, 'write').mockImplementation(capture);
      jest.spyOn(console, 'log').mockImplementation((...args) => logged.push(args.join(' ')));
      jest.spyOn(console, 'error').mockImplementation((...args) => logged.push(args.join(' ')));

      const existing = await insertUser(app);
      const secretHash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$aGFzaGhhc2hoYXNo';
      await expect(
        app.store.app
          .get(DataSource)
          .query(
            'INSERT INTO users (name, email, mobilenumber, password_hash) VALUES ($1, $2, $3, $4)',
            ['Someone', existing.email, existing.mobile, secretHash],
          ),
      ).rejects.toThrow(/duplicate key/);

      const text = logged.join('\n');
      expect(text).toMatch(/duplicate key/);
      expect(text).toContain('INSERT INTO users');
      for (const value of [existing.email, existing.mobile, secretHash]) {
        expect(text).not.toContain(value);
      }
    });
  });

  describe('gallery uploads', () => {
    const upload = (data: Buffer, name: string) =>
      app
        .http()
        .post('/api/admin/uploadimage')
        .set(admin.auth)
        .field('title', 'Trust')
        .field('type', 'Banner')
        .attach('images', data, name);

    const served = async (url: string) => {
      const response = await app
        .http()
        .get(url)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      return { headers: response.headers, body: response.body as Buffer };
    };

    it('re-encodes a PNG+HTML polyglot, losing the payload, and serves it with our headers', async () => {
      const png = await sharp({
        create: { width: 8, height: 6, channels: 3, background: '#c03' },
      })
        .png()
        .toBuffer();
      const payload = '<html><script>alert(document.cookie)</script></html>';
      const response = await upload(Buffer.concat([png, Buffer.from(payload)]), 'x.png').expect(
        200,
      );
      expect(response.body.message).toBe('Image uploaded successfully!');
      expect(response.body.url).toMatch(/^\/uploads\/gallery\/[0-9a-f]{32}\.png$/);

      const file = await served(response.body.url);
      expect(file.body.toString('latin1')).not.toContain('<script');
      expect(await sharp(file.body).metadata()).toMatchObject({
        format: 'png',
        width: 8,
        height: 6,
      });
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const name = response.body.url.split('/').pop();
      expect(file.headers['content-disposition']).toBe(`inline; filename="${name}"`);
    });

    it('re-encodes a GIF+JS polyglot, losing the script', async () => {
      const gif = await sharp({
        create: { width: 4, height: 4, channels: 3, background: '#0c3' },
      })
        .gif()
        .toBuffer();
      const payload = '*/=1;alert(document.domain);/*';
      const response = await upload(Buffer.concat([gif, Buffer.from(payload)]), 'x.gif').expect(
        200,
      );
      const file = await served(response.body.url);
      expect(file.body.toString('latin1')).not.toContain('alert(');
      expect((await sharp(file.body).metadata()).format).toBe('gif');
    });

    it('refuses an image over the pixel limit, however few bytes it takes', async () => {
      const bomb = declaredPng(20_000, 20_000);
      expect(bomb.length).toBeLessThan(10_000);
      const response = await upload(bomb, 'bomb.png').expect(400);
      expect(response.body).toMatchObject({ message: Messages.galleryImageTooLarge });
      const rows = await app.sql('SELECT 1 FROM gallery_images WHERE title = $1 AND url LIKE $2', [
        'Trust',
        '%bomb%',
      ]);
      expect(rows).toEqual([]);
    });

    it('refuses an animation of 4 frames of 5,000 x 5,000 px before decoding a frame (S8)', async () => {
      const bomb = solidGif(5000, 5000, 4);
      expect(bomb.length).toBeLessThan(100_000);
      const started = Date.now();
      const response = await upload(bomb, 'bomb.gif');
      const took = Date.now() - started;
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: Messages.galleryAnimationTooLarge });
      expect(took).toBeLessThan(1000);
    }, 60_000);

    it('refuses an animation of more than 100 frames, however small', async () => {
      const response = await upload(solidGif(10, 10, 101), 'many.gif').expect(400);
      await upload(solidGif(800, 500, 31), 'long.gif').expect(400);
      expect(response.body).toMatchObject({ message: Messages.galleryAnimationTooLarge });
    });

    it('takes an animation at the limits: 30 frames of 800 x 500 px, in a few seconds', async () => {
      const started = Date.now();
      const response = await upload(solidGif(800, 500, 30), 'banner.gif').expect(200);
      expect(Date.now() - started).toBeLessThan(5000);
      const file = await served(response.body.url);
      // Frames alike are merged when encoded again: the size is what is kept.
      expect(await sharp(file.body).metadata()).toMatchObject({ format: 'gif', width: 800 });
      await upload(solidGif(10, 10, 100), 'hundred.gif').expect(200);
    }, 30_000);

    it('refuses a file that starts like a PNG but does not decode', async () => {
      const broken = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('<html><script>alert(1)</script></html>'),
      ]);
      const response = await upload(broken, 'x.png').expect(415);
      expect(response.body.message).toBe(Messages.galleryFileType);
    });
  });

  describe('contract details', () => {
    it("answers the spec's success texts in message for product, user and image updates", async () => {
      const products = await app
        .http()
        .get('/api/admin/getallproducts')
        .set(admin.auth)
        .expect(200);
      const product = products.body[0];
      const edited = await app
        .http()
        .post(`/api/admin/editproduct/${product._id}`)
        .set(admin.auth)
        .send({ name: product.name })
        .expect(200);
      expect(edited.body).toMatchObject({
        message: 'Product updated successfully!',
        _id: product._id,
        name: product.name,
      });

      const user = await insertUser(app);
      const updated = await app
        .http()
        .post('/api/admin/updateuserdata')
        .set(admin.auth)
        .send({ _id: user.id, userid: user.userid, name: 'Renamed By Admin' })
        .expect(200);
      expect(updated.body.message).toBe('User updated successfully!, Please Refresh/Reload Page');
      expect(updated.body.user).toMatchObject({ name: 'Renamed By Admin' });
    });

    it('answers one record for range=[0,0]', async () => {
      const response = await app
        .http()
        .get('/api/admin/rest/users?range=[0,0]')
        .set(admin.auth)
        .expect(200);
      expect(response.body).toHaveLength(1);
      expect(response.headers['content-range']).toMatch(/^users 0-0\/\d+$/);
    });

    it('exposes Content-Range to an allowed cross-origin console', async () => {
      const response = await app
        .http()
        .get('/api/admin/rest/users?range=[0,4]')
        .set(admin.auth)
        .set('Origin', 'https://console.example.com')
        .expect(200);
      expect(response.headers['access-control-allow-origin']).toBe('https://console.example.com');
      const exposed = String(response.headers['access-control-expose-headers'] ?? '');
      expect(exposed.toLowerCase().split(/\s*,\s*/)).toContain('content-range');
    });

    it('keeps a coupon expiring today in India valid to the end of that day, whatever form the date takes', async () => {
      // 00:30 in India on a day that has only begun in India (still the day before in UTC).
      const target = new Date(Date.UTC(2031, 4, 9, 19, 0));
      const today = istIsoDate(target);
      expect(today).toBe('2031-05-10');
      // The console in India sends that day's midnight as an instant.
      const indiaMidnight = new Date(Date.UTC(2031, 4, 9, 18, 30)).toISOString();
      const created = await app
        .http()
        .post('/api/admin/createcoupon')
        .set(admin.auth)
        .send({
          couponCode: 'INDIATODAY',
          discountType: 'percentage',
          discountPercentage: 10,
          expiryDate: indiaMidnight,
          minimumItemQuantity: 1,
          minPurchaseAmount: 0,
          maxDiscountAmount: 100,
          usageLimit: 100,
          userLimit: 5,
          isActive: true,
        })
        .expect(200);
      expect(created.body.coupon.expiryDate).toBe(today);

      const items = await app.http().get('/api/admin/getallitems').set(admin.auth).expect(200);
      const item = items.body.find((i: { discountedprice: number }) => i.discountedprice > 50);
      app.clock.advance(target.getTime() - Date.now());
      await app
        .http()
        .post('/api/coupon/validatecoupon')
        .set(shopper.auth)
        .send({ couponCode: 'INDIATODAY', item_id: item._id })
        .expect(200);
      app.clock.advance(23 * HOUR + 29 * 60_000); // 23:59 in India
      await app
        .http()
        .post('/api/coupon/validatecoupon')
        .set(shopper.auth)
        .send({ couponCode: 'INDIATODAY', item_id: item._id })
        .expect(200);
      app.clock.advance(2 * 60_000); // the next day in India
      const expired = await app
        .http()
        .post('/api/coupon/validatecoupon')
        .set(shopper.auth)
        .send({ couponCode: 'INDIATODAY', item_id: item._id })
        .expect(400);
      expect(expired.body.error).toBe(Messages.couponExpired);
    });

    it("answers a signed-out coupon check with 'Please login to apply a coupon.'", async () => {
      const response = await app
        .http()
        .post('/api/coupon/validatecoupon')
        .send({ couponCode: 'WELCOME10', item_id: 'x' })
        .expect(401);
      expect(response.body).toMatchObject({
        message: 'Please login to apply a coupon.',
        error: 'Please login to apply a coupon.',
      });
    });

    it('shows the points balance as it is when refusing a redemption', async () => {
      const poor = await newShopper(app);
      await app.sql('UPDATE users SET points = 19 WHERE id = $1', [poor.id]);
      const response = await app
        .http()
        .post('/api/points/redeempoints')
        .set(poor.auth)
        .send({ value: 1, userid: poor.userid })
        .expect(409);
      expect(response.body.msg).toBe('Insufficient points. You have 0.19 points available.');
    });
  });
});

describe('Google sign-in without Google', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SANDBOX: 'false' });
  });
  afterAll(() => app.close());

  it('answers a clear error when Google is not configured', async () => {
    const response = await app.http().get('/api/auth/google').redirects(0);
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({
      message: Messages.googleNotConfigured,
      code: 'GOOGLE_NOT_CONFIGURED',
    });
  });
});
