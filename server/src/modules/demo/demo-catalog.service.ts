import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Inject, Injectable } from '@nestjs/common';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { NewItem, NewProduct } from '../catalog/catalog.repository.js';
import { CatalogCacheService } from '../catalog/catalog-cache.service.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { CouponsService } from '../coupons/coupons.service.js';
import { GalleryService } from '../gallery/gallery.service.js';
import { WalletService } from '../wallet/wallet.service.js';

/** The images shipped in the repository (`server/assets/demo`), copied to `DATA_DIR/uploads/demo`. */
const ASSETS = fileURLToPath(new URL('../../../assets/demo', import.meta.url));
const img = (file: string) => `/uploads/demo/${file}`;
const rupees = (value: number) => Math.round(value * 100);

type Pack = [
  name: string,
  original: number,
  discounted: number,
  resell: number,
  supplierIds: string[],
  extra?: Partial<NewItem>,
];

interface DemoProduct extends NewProduct {
  packs: Pack[];
}

const MLBB_INPUTS = [{ label: 'User ID' }, { label: 'Zone ID' }];
const MLBB_NOTE =
  'Enter your User ID and Zone ID exactly as shown in your profile. Indonesian IDs cannot be topped up.';

const mlbbPacks = (region: 'BR' | 'PH'): Pack[] => {
  const base = region === 'BR' ? 13 : 212;
  return [
    ['Weekly Diamond Pass', 179, 159, 152, [String(base + 90)], { type: 'weekly' }],
    ['86 Diamonds', 135, 119, 112, [String(base)], { type: 'small' }],
    ['172 Diamonds', 265, 235, 224, [String(base + 1)], { type: 'small' }],
    ['257 Diamonds', 395, 349, 333, [String(base + 2)], { type: 'medium' }],
    ['344 Diamonds', 529, 469, 447, [String(base + 3)], { type: 'medium' }],
    ['706 Diamonds', 1059, 939, 899, [String(base + 4)], { type: 'large' }],
    [
      '2 x Weekly Diamond Pass',
      358,
      315,
      301,
      [String(base + 90), String(base + 90)],
      { type: 'hot' },
    ],
    [
      '1412 Diamonds (706 x 2)',
      2118,
      1869,
      1789,
      [String(base + 4), String(base + 4)],
      { type: 'large' },
    ],
    ['Twilight Pass', 999, 899, 869, [String(base + 95)], { type: 'hot', instock: false }],
  ];
};

const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Mobile Legends (Brazil server)',
    type: 'MLBB',
    category: 'instant-games',
    imgpath: img('mlbb.svg'),
    importantnote: MLBB_NOTE,
    inputs: MLBB_INPUTS,
    istrending: true,
    isApi: true,
    apiType: 'SMILEBR',
    deliveryTime: '1-6 minutes',
    guideImage: img('guide.svg'),
    packs: mlbbPacks('BR'),
  },
  {
    name: 'Mobile Legends (Philippines server)',
    type: 'MLBB',
    category: 'instant-games',
    imgpath: img('mlbb-ph.svg'),
    importantnote: MLBB_NOTE,
    inputs: MLBB_INPUTS,
    isApi: true,
    apiType: 'SMILEPH',
    deliveryTime: '1-6 minutes',
    guideImage: img('guide.svg'),
    packs: mlbbPacks('PH'),
  },
  {
    name: 'Genshin Impact',
    type: 'GENSHIN',
    category: 'games',
    imgpath: img('genshin.svg'),
    importantnote: 'Pick the server your account plays on. Crystals arrive in the in-game mail.',
    inputs: [{ label: 'UID' }, { label: 'Server' }],
    istrending: true,
    isApi: true,
    apiType: 'MOOGOLDGENSHIN',
    deliveryTime: '1-6 minutes',
    guideImage: img('guide.svg'),
    packs: [
      ['Blessing of the Welkin Moon', 449, 379, 362, ['4690540'], { type: 'weekly' }],
      ['60 Genesis Crystals', 99, 79, 75, ['4690541'], { type: 'small' }],
      ['300 + 30 Genesis Crystals', 449, 379, 362, ['4690542'], { type: 'medium' }],
      ['980 + 110 Genesis Crystals', 1399, 1149, 1099, ['4690543'], { type: 'large' }],
      ['1980 + 260 Genesis Crystals', 2799, 2299, 2199, ['4690544'], { type: 'large' }],
      ['2 x Blessing of the Welkin Moon', 898, 749, 719, ['4690540', '4690540'], { type: 'hot' }],
    ],
  },
  {
    name: 'Honor of Kings',
    type: 'HOK',
    category: 'games',
    imgpath: img('hok.svg'),
    importantnote: 'Enter your HOK player ID from the profile page.',
    inputs: [{ label: 'Player ID' }, { label: 'Server' }],
    isApi: true,
    apiType: 'MOOGOLDHOK',
    deliveryTime: '1-6 minutes',
    packs: [
      ['80 Tokens', 109, 89, 85, ['5177311'], { type: 'small' }],
      ['240 Tokens', 319, 259, 248, ['5177312'], { type: 'medium' }],
      ['400 Tokens', 529, 429, 410, ['5177313'], { type: 'medium' }],
      ['800 Tokens', 1049, 849, 812, ['5177314'], { type: 'large' }],
    ],
  },
  {
    name: 'BGMI',
    type: 'OTHER',
    category: 'games',
    imgpath: img('bgmi.svg'),
    importantnote:
      'Delivered by our team within about 30 minutes. Enter your Character ID and in-game name.',
    inputs: [{ label: 'Character ID' }, { label: 'Player Name' }],
    istrending: true,
    isApi: false,
    deliveryTime: 'About 30 minutes',
    packs: [
      ['60 UC', 89, 75, 72, []],
      ['325 UC', 449, 380, 364, []],
      ['660 UC', 899, 760, 729, []],
      ['1800 UC', 2399, 1999, 1919, [], { instock: false }],
    ],
  },
  {
    name: 'Free Fire MAX',
    type: 'OTHER',
    category: 'games',
    imgpath: img('freefire.svg'),
    importantnote: 'Temporarily unavailable.',
    inputs: [{ label: 'Player ID' }, { label: 'Nickname' }],
    instock: false,
    isApi: false,
    packs: [['100 Diamonds', 99, 85, 81, []]],
  },
  {
    name: 'Netflix Premium',
    type: 'OTHER',
    category: 'ott',
    imgpath: img('ott.svg'),
    importantnote: 'Account details are sent to the e-mail you enter, within about 30 minutes.',
    inputs: [{ label: 'Email' }, { label: 'Full Name' }],
    isApi: false,
    deliveryTime: 'About 30 minutes',
    packs: [
      ['Premium 1 Month', 649, 499, 479, []],
      ['Premium 3 Months', 1947, 1399, 1339, []],
    ],
  },
  {
    name: 'Google Play Gift Code',
    type: 'OTHER',
    category: 'others',
    imgpath: img('diamond.svg'),
    importantnote: 'The code is e-mailed to you within about 30 minutes.',
    inputs: [{ label: 'Email' }, { label: 'Full Name' }],
    isApi: false,
    deliveryTime: 'About 30 minutes',
    packs: [
      ['₹100 Gift Code', 100, 100, 98, []],
      ['₹500 Gift Code', 500, 495, 489, []],
    ],
  },
];

/** The demo catalogue, gallery, coupons and the demo user's opening Z-Coins (DESIGN section 10). */
@Injectable()
export class DemoCatalogService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly catalog: CatalogService,
    private readonly catalogCache: CatalogCacheService,
    private readonly gallery: GalleryService,
    private readonly coupons: CouponsService,
    private readonly wallet: WalletService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  copyAssets() {
    const target = path.join(this.config.dataDir, 'uploads', 'demo');
    fs.mkdirSync(target, { recursive: true });
    for (const file of fs.readdirSync(ASSETS)) {
      fs.copyFileSync(path.join(ASSETS, file), path.join(target, file));
    }
  }

  /** Seeds an empty catalogue; `walletUser` gets ₹500 through an admin credit in the ledger. */
  async seed(walletUser?: { id: string; userid: number; email: string }) {
    this.copyAssets();
    await this.txHost.withTransaction(async () => {
      if (await this.catalog.hasProducts()) return;
      const productIds: string[] = [];
      for (const [position, { packs, ...product }] of DEMO_PRODUCTS.entries()) {
        const itemids: number[] = [];
        for (const [name, original, discounted, resell, supplierIds, extra] of packs) {
          const item = await this.catalog.createItem({
            name,
            originalprice: rupees(original),
            discountedprice: rupees(discounted),
            resellprice: rupees(resell),
            isApi: product.isApi,
            apiType: product.apiType ?? null,
            itemidarray: supplierIds,
            imgpath: img('diamond.svg'),
            ...extra,
          });
          itemids.push(item.itemid);
        }
        const created = await this.catalog.createProduct(
          { ...product, sortOrder: position },
          itemids,
        );
        productIds.push(created.id);
      }
      const [mlbb, , genshin] = productIds;
      await this.gallery.add({
        title: 'Weekly Diamond Pass',
        type: 'CarouselMb',
        url: img('carousel-mb-1.svg'),
        redirectUrl: `/product/${mlbb}`,
      });
      await this.gallery.add({
        title: 'Genshin Crystals',
        type: 'CarouselMb',
        url: img('carousel-mb-2.svg'),
        redirectUrl: `/product/${genshin}`,
      });
      await this.gallery.add({
        title: 'Weekly Diamond Pass',
        type: 'CarouselPc',
        url: img('carousel-pc-1.svg'),
        redirectUrl: `/product/${mlbb}`,
      });
      await this.gallery.add({
        title: 'Genshin Crystals',
        type: 'CarouselPc',
        url: img('carousel-pc-2.svg'),
        redirectUrl: `/product/${genshin}`,
      });
      await this.gallery.add({
        title: 'Claim 10% off',
        type: 'Popup',
        url: img('popup.svg'),
        redirectUrl: `/product/${mlbb}`,
      });

      await this.coupons.create({
        couponCode: 'WELCOME10',
        discountType: 'percentage',
        discountPercentage: 10,
        maxDiscountAmount: 50,
        minPurchaseAmount: 99,
        expiryDate: '2030-12-31',
        usageLimit: 1000,
        userLimit: 1,
        description: '10% off your first order, up to ₹50',
      });
      await this.coupons.create({
        couponCode: 'FLAT20',
        discountType: 'fixed',
        discountAmount: 20,
        minPurchaseAmount: 199,
        expiryDate: '2030-12-31',
        usageLimit: 500,
        userLimit: 3,
        description: '₹20 off orders of ₹199 or more',
      });
      await this.coupons.create({
        couponCode: 'DIWALI24',
        discountType: 'percentage',
        discountPercentage: 15,
        maxDiscountAmount: 100,
        expiryDate: '2024-11-05',
        usageLimit: 100,
        userLimit: 1,
        description: 'Festival offer (expired)',
      });
      if (walletUser) {
        await this.wallet.creditFromAdmin(walletUser, rupees(500), 'demo-opening-balance');
      }
    });
    // Like an admin's change: no instance keeps a catalogue or gallery read before the seed.
    await this.catalogCache.invalidate();
  }
}
