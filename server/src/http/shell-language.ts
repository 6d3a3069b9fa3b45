/**
 * The few texts of the server-drawn first screens (storefront-shell.ts) in the storefront's two
 * languages, worded as the storefront's catalogues word them (storefront/src/i18n/*.json).
 */
export type ShellLanguage = 'en' | 'hi';

export interface ShellTexts {
  openMenu: string;
  storeHome: string;
  login: string;
  quickLinks: string;
  tabs: { wallet: string; dashboard: string; home: string; order: string; support: string };
  from: (price: string) => string;
  upTo: (percent: number) => string;
  sections: { trending: string; instant: string; moreGames: string; others: string };
  offers: string;
  offer: string;
  offerN: (n: number) => string;
  goToSlide: (n: number) => string;
  pauseSlides: string;
  playSlides: string;
  close: string;
  searchGames: string;
  searchPlaceholder: string;
  heading: string;
  instantIn: string;
  deliveredWithin: string;
  howToPurchase: string;
  productTitle: (name: string) => string;
  productDescription: (name: string) => string;
}

const TEXTS: Record<ShellLanguage, ShellTexts> = {
  en: {
    openMenu: 'Open menu',
    storeHome: 'Z Store home',
    login: 'Login',
    quickLinks: 'Quick links',
    tabs: {
      wallet: 'Wallet',
      dashboard: 'Dashboard',
      home: 'Home',
      order: 'Order',
      support: 'Support',
    },
    from: (price) => `from ${price}`,
    upTo: (percent) => `Up to ${percent}% off`,
    sections: {
      trending: 'TRENDING DISCOUNTS',
      instant: 'INSTANT RECHARGE',
      moreGames: 'MORE GAMES',
      others: 'OTHERS',
    },
    offers: 'Offers',
    offer: 'Offer',
    offerN: (n) => `Offer ${n}`,
    goToSlide: (n) => `Go to slide ${n}`,
    pauseSlides: 'Pause slides',
    playSlides: 'Play slides',
    close: 'Close',
    searchGames: 'Search games',
    searchPlaceholder: 'Search games or regions',
    heading: 'Z Store: instant game top-ups in India',
    instantIn: 'Instant delivery in 1-6 minutes',
    deliveredWithin: 'Delivered within about 30 minutes',
    howToPurchase: 'How To Purchase?',
    productTitle: (name) => `${name} Top-Up | Z Store`,
    productDescription: (name) =>
      `Top up ${name} instantly at Z Store: pick a pack, enter your player details and pay by UPI or Z-Coins.`,
  },
  hi: {
    openMenu: 'मेन्यू खोलें',
    storeHome: 'Z Store होम',
    login: 'लॉग इन',
    quickLinks: 'त्वरित लिंक',
    tabs: { wallet: 'वॉलेट', dashboard: 'डैशबोर्ड', home: 'होम', order: 'ऑर्डर', support: 'सहायता' },
    from: (price) => `${price} से शुरू`,
    upTo: (percent) => `${percent}% तक की छूट`,
    sections: {
      trending: 'ट्रेंडिंग छूट',
      instant: 'तुरंत रिचार्ज',
      moreGames: 'और गेम',
      others: 'अन्य',
    },
    offers: 'ऑफ़र',
    offer: 'ऑफ़र',
    offerN: (n) => `ऑफ़र ${n}`,
    goToSlide: (n) => `स्लाइड ${n} पर जाएँ`,
    pauseSlides: 'स्लाइड रोकें',
    playSlides: 'स्लाइड चलाएँ',
    close: 'बंद करें',
    searchGames: 'गेम खोजें',
    searchPlaceholder: 'गेम या क्षेत्र खोजें',
    heading: 'Z Store: भारत में गेम का तुरंत टॉप-अप',
    instantIn: '1-6 मिनट में तुरंत डिलीवरी',
    deliveredWithin: 'लगभग 30 मिनट के भीतर डिलीवरी',
    howToPurchase: 'कैसे ख़रीदें?',
    productTitle: (name) => `${name} टॉप-अप | Z Store`,
    productDescription: (name) =>
      `Z Store पर ${name} तुरंत टॉप-अप करें: पैक चुनें, अपनी प्लेयर जानकारी डालें और UPI या Z-Coins से भुगतान करें।`,
  },
};

export const shellTexts = (language: ShellLanguage) => TEXTS[language];

/**
 * The language a page is drawn in: the address's `?lang=` (a Hindi link from the sitemap or a
 * share), else the `lang` cookie the storefront keeps, else English.
 */
export function shellLanguageOf(query: string | undefined, cookie: string | undefined) {
  const asked = new URLSearchParams(query ?? '').get('lang');
  if (asked === 'hi' || asked === 'en') return asked;
  return cookie === 'hi' ? 'hi' : 'en';
}

/** The storefront's default tab title (index.html's), until a page sets its own. */
const DEFAULT_TITLE: Record<ShellLanguage, string> = {
  en: 'Instant Game Top-Ups | Z Store',
  hi: 'तुरंत गेम टॉप-अप | Z Store',
};

/** `<html lang>` and the default title of the storefront's index.html in the page's language. */
export const withHtmlLang = (html: string, language: ShellLanguage) =>
  html
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(`<title>${DEFAULT_TITLE.en}</title>`, `<title>${DEFAULT_TITLE[language]}</title>`);
