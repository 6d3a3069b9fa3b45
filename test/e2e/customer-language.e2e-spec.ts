import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../utils/app.js';
import { latestOtp, waitForMessage } from '../utils/outbox.js';
import { newAccount, newMobile } from './helpers/accounts.js';
import { googleSignIn } from './helpers/google.js';
import { nextAddress, postFrom } from './helpers/http.js';
import {
  catalogEntry,
  newShopper,
  orderBody,
  testItem,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import { testPlayer, waitFor } from './supplier.helpers.js';

/** A Devanagari letter: the text is written in Hindi. */
const DEVANAGARI = /[\u0900-\u097F]/;

/** The customer's language on the server (issue 25, point 1: e-mails in the customer's language). */
describe("the customer's language", () => {
  let app: TestApp;
  let diamonds: CatalogEntry;

  beforeAll(async () => {
    app = await startTestApp({
      PROVIDER_TIMEOUT_MS: '2000',
      RATE_LIMIT_REGISTER: '1000/3600',
      RATE_LIMIT_OTP_SEND_IP: '1000/3600',
      RATE_LIMIT_USER_ACTIONS: '1000/60',
      RATE_LIMIT_CHECKID: '1000/60',
    });
    diamonds = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
  });
  afterAll(() => app.close());

  const languageOf = async (where: string, value: string) =>
    (
      await app.sql<{ language: string }>(`SELECT language FROM users WHERE ${where} = $1`, [value])
    )[0]?.language;

  const setLanguage = (shopper: Shopper, body: unknown) =>
    app
      .http()
      .put('/api/user/language')
      .set(shopper.auth)
      .send(body as object);

  async function register(acceptLanguage?: string) {
    const account = newAccount();
    const withLanguage = <T extends { set: (name: string, value: string) => T }>(call: T) =>
      acceptLanguage ? call.set('Accept-Language', acceptLanguage) : call;
    await withLanguage(app.http().post('/api/auth/register')).send(account).expect(200);
    const otp = await latestOtp(app.url, account.mobileNumber);
    await withLanguage(app.http().post('/api/auth/verifyandregister'))
      .send({ ...account, otp })
      .expect(201);
    return account;
  }

  const verificationMail = (email: string) =>
    waitForMessage(app.url, email, (m) => m.channel === 'email');

  describe('registration keeps the language of the request', () => {
    it('by e-mail and SMS code: Accept-Language hi stores hi, and the verification mail is in Hindi', async () => {
      const account = await register('hi-IN,hi;q=0.9,en;q=0.8');
      expect(await languageOf('email', account.email)).toBe('hi');
      const mail = await verificationMail(account.email);
      expect(mail.subject).toBe('Z Store के लिए अपना ई-मेल सत्यापित करें');
      expect(mail.text).toContain(`नमस्ते ${account.name},`);
      expect(mail.text).toMatch(/\/verification\/[\w-]+\/\w+/);
    });

    it('no header, or none the store speaks, stores en and mails the English text', async () => {
      const plain = await register();
      const french = await register('fr-FR, de;q=0.5');
      for (const account of [plain, french]) {
        expect(await languageOf('email', account.email)).toBe('en');
        const mail = await verificationMail(account.email);
        expect(mail.subject).toBe('Verify your e-mail for Z Store');
        expect(mail.text).not.toMatch(DEVANAGARI);
      }
    });

    it('by Google: the language the sign-in started in', async () => {
      const email = `google.${randomUUID().slice(0, 8)}@example.com`;
      const signedIn = await googleSignIn(app.url, email, {}, { 'Accept-Language': 'hi' });
      expect(signedIn.landing).toBe('/home?success=true');
      expect(await languageOf('email', email)).toBe('hi');

      const other = `google.${randomUUID().slice(0, 8)}@example.com`;
      await googleSignIn(app.url, other, {}, { 'Accept-Language': 'en-IN' });
      expect(await languageOf('email', other)).toBe('en');
    });

    it('a guest checkout records the language on the guest row that gets the receipts', async () => {
      const pack = await testItem(app, 10_000);
      const mobile = newMobile();
      const email = `guest.${randomUUID().slice(0, 8)}@example.com`;
      const placed = await postFrom(
        app.url,
        nextAddress(),
        '/api/order/guest',
        {
          itemid: pack.itemid,
          item_id: pack.itemId,
          product_id: pack.productId,
          input1: '12345678',
          input2: 'Hero',
          email,
          mobile,
          state: '27',
        },
        { 'Accept-Language': 'hi' },
      );
      expect(placed.status).toBe(200);
      const [guest] = await app.sql<{ language: string }>(
        'SELECT language FROM users WHERE guest AND mobilenumber = $1',
        [mobile],
      );
      expect(guest.language).toBe('hi');
    });
  });

  describe('PUT /api/user/language', () => {
    it("sets the caller's own language, shown in the session's user", async () => {
      const shopper = await newShopper(app);
      const other = await newShopper(app);
      const answer = await setLanguage(shopper, { language: 'hi' }).expect(200);
      expect(answer.body).toEqual({ language: 'hi' });
      expect(await languageOf('id', shopper.id)).toBe('hi');
      expect(await languageOf('id', other.id)).toBe('en');

      const profile = await app
        .http()
        .post('/api/user/edit-profile')
        .set(shopper.auth)
        .send({ userid: shopper.userid, name: 'Asha' })
        .expect(200);
      expect(profile.body.user.language).toBe('hi');

      await setLanguage(shopper, { language: 'en' }).expect(200);
      expect(await languageOf('id', shopper.id)).toBe('en');
    });

    it.each([
      ['an unknown language', { language: 'fr' }],
      ['a full tag', { language: 'hi-IN' }],
      ['nothing', {}],
      ['a number', { language: 1 }],
      ['an extra field', { language: 'hi', userid: 1 }],
    ])('refuses %s with 400 in the house shape, changing nothing', async (_, body) => {
      const shopper = await newShopper(app);
      const refused = await setLanguage(shopper, body).expect(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION',
        message: expect.any(String),
      });
      expect(await languageOf('id', shopper.id)).toBe('en');
    });

    it('answers 401 without a session', async () => {
      await app.http().put('/api/user/language').send({ language: 'hi' }).expect(401);
    });
  });

  describe('e-mails in the customer language', () => {
    async function shopperIn(language: 'en' | 'hi') {
      const shopper = await newShopper(app, { balance: diamonds.price });
      await setLanguage(shopper, { language }).expect(200);
      return shopper;
    }

    async function buy(shopper: Shopper, input1: string) {
      const response = await app
        .http()
        .post('/api/order/createWalletOrder')
        .set(shopper.auth)
        .send(orderBody(shopper, diamonds, { input1, input2: '1234', paymentmode: 'wallet' }))
        .expect(200);
      return (response.body as { orderid: string }).orderid;
    }

    const mailAbout = (email: string, orderid: string) =>
      waitForMessage(
        app.url,
        email,
        (m) => m.channel === 'email' && (m.subject ?? '').includes(orderid),
        20_000,
      );

    it('a receipt in Hindi for a Hindi customer, in English for an English one', async () => {
      const hindi = await shopperIn('hi');
      const english = await shopperIn('en');
      const hindiOrder = await buy(hindi, testPlayer('01'));
      const englishOrder = await buy(english, testPlayer('01'));

      const receipt = await mailAbout(hindi.email, hindiOrder);
      expect(receipt.subject).toBe(`ऑर्डर ${hindiOrder} की आपकी Z Store रसीद`);
      for (const line of [
        'आपका ऑर्डर पूरा हो गया है और पैक डिलीवर कर दिया गया है।',
        `ऑर्डर आईडी: ${hindiOrder}`,
        'पैक: 86 Diamonds',
        'चुकाई गई कीमत: ₹119',
        'भुगतान का तरीका: Z-Coins',
        'मिले पॉइंट्स: 1.19',
        'Z Store से ख़रीदारी करने के लिए धन्यवाद।',
      ]) {
        expect(receipt.text).toContain(line);
      }
      expect(receipt.text).toMatch(/तारीख: \d{1,2} \S+ \d{4}/);

      const englishReceipt = await mailAbout(english.email, englishOrder);
      expect(englishReceipt.subject).toBe(`Your Z Store receipt for order ${englishOrder}`);
      expect(englishReceipt.text).toContain('Price paid: ₹119');
      expect(englishReceipt.text).not.toMatch(DEVANAGARI);
    });

    it("a refund in Hindi: the store's reason and where the money went, in Hindi", async () => {
      const hindi = await shopperIn('hi');
      const orderid = await buy(hindi, testPlayer('13'));
      const refund = await mailAbout(hindi.email, orderid);
      expect(refund.subject).toBe(`आपके Z Store ऑर्डर ${orderid} का रिफ़ंड कर दिया गया है`);
      expect(refund.text).toContain('हमने आपके ऑर्डर का रिफ़ंड कर दिया है।');
      expect(refund.text).toContain('₹119 आपके Z-Coins में वापस आ गए।');
      expect(refund.text).toContain('रिफ़ंड: ₹119 आपके Z-Coins वॉलेट में');
      expect(refund.text).not.toContain('went back to your Z-Coins');
    });

    it('a password reset link in Hindi for a Hindi customer', async () => {
      const hindi = await shopperIn('hi');
      await app
        .http()
        .post('/api/password/forgetpassword')
        .send({ email: hindi.email })
        .expect(200);
      const mail = await waitForMessage(app.url, hindi.email, (m) => m.channel === 'email');
      expect(mail.subject).toBe('अपना Z Store पासवर्ड रीसेट करें');
      expect(mail.text).toContain('/reset_password/');
    });
  });

  describe('WhatsApp templates in the customer language', () => {
    async function optedIn(language: 'en' | 'hi') {
      const mobile = `7${String(Date.now() % 1e8).padStart(8, '0')}5`;
      const shopper = await newShopper(app, { balance: diamonds.price, mobile });
      await setLanguage(shopper, { language }).expect(200);
      await app
        .http()
        .put('/api/whatsapp/consent')
        .set(shopper.auth)
        .send({ optIn: true, channel: 'profile' })
        .expect(200);
      return { shopper, mobile };
    }

    const whatsAppTo = (mobile: string) =>
      waitForMessage(app.url, mobile, (m) => m.channel === 'whatsapp', 20_000) as Promise<{
        subject: string | null;
        text: string;
        language?: string | null;
      }>;

    it("an order's news goes in Hindi with the language code hi, and the outbox shows it", async () => {
      const { shopper, mobile } = await optedIn('hi');
      const response = await app
        .http()
        .post('/api/order/createWalletOrder')
        .set(shopper.auth)
        .send(
          orderBody(shopper, diamonds, {
            input1: testPlayer('01'),
            input2: '1234',
            paymentmode: 'wallet',
          }),
        )
        .expect(200);
      const orderid = (response.body as { orderid: string }).orderid;

      const message = await whatsAppTo(mobile);
      expect(message.subject).toBe('zstore_order_completed');
      expect(message.language).toBe('hi');
      expect(message.text).toContain(`आपका Z Store ऑर्डर ${orderid} पूरा हो गया है`);
      const [stored] = await waitFor(
        () =>
          app.sql<{ language: string }>(
            'SELECT language FROM whatsapp_messages WHERE user_id = $1',
            [shopper.id],
          ),
        (rows) => rows.length > 0,
      );
      expect(stored.language).toBe('hi');
      const page = await app.http().get('/sandbox/outbox').query({ to: mobile }).expect(200);
      expect(page.text).toContain('<span class="lang">hi</span>');
    });

    it('the sign-in code on WhatsApp in the language of the account; English stays en', async () => {
      for (const [language, start] of [
        ['hi', 'आपका वेरिफ़िकेशन कोड है'],
        ['en', 'is your verification code'],
      ] as const) {
        const { mobile } = await optedIn(language);
        await app.http().post('/api/otp/whatsapp-login').send({ mobile }).expect(200);
        const message = await whatsAppTo(mobile);
        expect(message.subject).toBe('zstore_sign_in_code');
        expect(message.language).toBe(language);
        expect(message.text).toContain(start);
      }
    });
  });
});
