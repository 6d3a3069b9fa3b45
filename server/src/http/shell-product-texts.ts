import type { ShellLanguage } from './shell-language.js';

/**
 * The texts of a product page's drawn form, packs and order summary, keyed and worded as the
 * storefront's catalogues (`product.*` in storefront/src/i18n/*.json), placeholders included: a
 * unit test holds the two to the same words.
 */
const PRODUCT_TEXTS = {
  en: {
    enterInformation: 'Enter Information',
    selectRecharge: 'Select Recharge',
    orderConfirmation: 'Order Confirmation',
    labelUserId: 'User ID',
    labelEmail: 'Email',
    labelServer: 'Server',
    labelZone: 'Zone ID',
    labelName: 'Name',
    hintPlayerId: '6 to 12 digits, from your game profile.',
    hintEmail: 'The pack is sent to this address.',
    hintZone: '1 to 5 digits, in brackets after your ID.',
    hintServer: 'The server your account plays on.',
    hintServerText: 'Exactly as your game profile shows it.',
    hintMax: 'Up to {{max}} characters.',
    placeholderPlayerId: 'e.g. 123456789',
    placeholderEmail: 'name@example.com',
    placeholderZone: 'e.g. 1234',
    placeholderOther: 'Enter {{label}}',
    selectServer: 'Select server',
    checkUsername: 'Check Username',
    whereFind: 'Where do I find my {{label}}?',
    whereFindAlt: 'Where to find your {{label}}',
    outOfStock: 'Out of Stock',
    noItems: 'No items found',
    selectToContinue: 'Select a pack to continue.',
    total: 'Total',
    loginFirst: 'Please Login First',
    buyWithoutAccount: 'Buy without an account',
    buyAsGuest: 'Buy as guest',
    yourOrder: 'Your order',
    selectPack: 'Select a pack',
    guarantee: 'Delivered in {{minutes}} minutes, or {{back}} back in Z-Coins',
    percentOfPrice: '{{percent}}% of the price',
  },
  hi: {
    enterInformation: 'जानकारी डालें',
    selectRecharge: 'रिचार्ज चुनें',
    orderConfirmation: 'ऑर्डर की पुष्टि',
    labelUserId: 'यूज़र आईडी',
    labelEmail: 'ईमेल',
    labelServer: 'सर्वर',
    labelZone: 'ज़ोन आईडी',
    labelName: 'नाम',
    hintPlayerId: '6 से 12 अंक, आपकी गेम प्रोफ़ाइल से।',
    hintEmail: 'पैक इसी पते पर भेजा जाता है।',
    hintZone: '1 से 5 अंक, आपकी आईडी के बाद कोष्ठक में।',
    hintServer: 'वह सर्वर जिस पर आपका खाता खेलता है।',
    hintServerText: 'ठीक वैसा ही जैसा आपकी गेम प्रोफ़ाइल में दिखता है।',
    hintMax: 'ज़्यादा से ज़्यादा {{max}} अक्षर।',
    placeholderPlayerId: 'जैसे 123456789',
    placeholderEmail: 'name@example.com',
    placeholderZone: 'जैसे 1234',
    placeholderOther: '{{label}} डालें',
    selectServer: 'सर्वर चुनें',
    checkUsername: 'यूज़रनेम जाँचें',
    whereFind: 'मुझे अपना {{label}} कहाँ मिलेगा?',
    whereFindAlt: 'अपना {{label}} कहाँ ढूँढें',
    outOfStock: 'स्टॉक में नहीं',
    noItems: 'कोई आइटम नहीं मिला',
    selectToContinue: 'आगे बढ़ने के लिए कोई पैक चुनें।',
    total: 'कुल',
    loginFirst: 'कृपया पहले लॉग इन करें',
    buyWithoutAccount: 'बिना खाते के ख़रीदें',
    buyAsGuest: 'मेहमान के रूप में ख़रीदें',
    yourOrder: 'आपका ऑर्डर',
    selectPack: 'कोई पैक चुनें',
    guarantee: '{{minutes}} मिनट में डिलीवरी, नहीं तो Z-Coins में {{back}} वापस',
    percentOfPrice: 'दाम का {{percent}}%',
  },
} satisfies Record<ShellLanguage, Record<string, string>>;

export type ProductTextKey = keyof (typeof PRODUCT_TEXTS)['en'];

export const productTextKeys = (): ProductTextKey[] =>
  Object.keys(PRODUCT_TEXTS.en) as ProductTextKey[];

/** The catalogue's text as written, `{{name}}` placeholders and all. */
export const rawProductText = (language: ShellLanguage, key: ProductTextKey): string =>
  PRODUCT_TEXTS[language][key];

/** A product page text in a language, with its `{{name}}` placeholders filled. */
export function productText(
  language: ShellLanguage,
  key: ProductTextKey,
  values: Record<string, string | number> = {},
): string {
  return PRODUCT_TEXTS[language][key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
