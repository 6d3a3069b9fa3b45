import type { CustomerTexts } from './customer-texts.js';

const SERVERS: Record<string, string> = { Brazil: 'ब्राज़ील', Philippines: 'फ़िलीपींस' };

const onServer = (server: string | undefined) =>
  server ? ` ${SERVERS[server] ?? server} सर्वर पर` : '';

/** The store's own refund words (orders/customer-reasons.ts) and their Hindi. */
const REASONS: Array<[RegExp, (...groups: string[]) => string]> = [
  [
    /This player ID does not exist(?: on the (\w+) server)?\./g,
    (_, server) => `यह प्लेयर आईडी${onServer(server)} मौजूद नहीं है।`,
  ],
  [
    /This account's region cannot be topped up(?: on the (\w+) server)?\./g,
    (_, server) => `इस खाते के क्षेत्र में${onServer(server)} टॉप-अप नहीं किया जा सकता।`,
  ],
  [/The game did not accept these player details\./g, () => 'गेम ने ये प्लेयर विवरण स्वीकार नहीं किए।'],
  [/We could not deliver this order\./g, () => 'हम यह ऑर्डर डिलीवर नहीं कर सके।'],
  [/(₹[\d,.]+) went back to your Z-Coins\./g, (_, amount) => `${amount} आपके Z-Coins में वापस आ गए।`],
];

/** Hindi (Devanagari); brand names and amounts as in English. */
export const hi: CustomerTexts = {
  verification: {
    subject: 'Z Store के लिए अपना ई-मेल सत्यापित करें',
    body: (name, link) =>
      `नमस्ते ${name},\n\nकृपया यह लिंक खोलकर अपना ई-मेल पता सत्यापित करें (24 घंटे तक मान्य):\n${link}\n\nअगर आपने Z Store पर खाता नहीं बनाया है, तो इस ई-मेल को अनदेखा करें।`,
  },
  passwordReset: {
    subject: 'अपना Z Store पासवर्ड रीसेट करें',
    body: (name, link) =>
      `नमस्ते ${name},\n\nनया पासवर्ड चुनने के लिए यह लिंक खोलें (30 मिनट तक मान्य, सिर्फ़ एक बार इस्तेमाल होगा):\n${link}\n\nअगर आपने यह नहीं माँगा था, तो इस ई-मेल को अनदेखा करें; आपका पासवर्ड जैसा है वैसा ही रहेगा।`,
  },

  greeting: (name) => (name?.trim() ? `नमस्ते ${name.trim()},` : 'नमस्ते,'),
  labels: {
    orderId: 'ऑर्डर आईडी',
    date: 'तारीख',
    game: 'गेम',
    pack: 'पैक',
    inGameName: 'गेम में नाम',
    couponDiscount: 'कूपन छूट',
    pricePaid: 'चुकाई गई कीमत',
    paidWith: 'भुगतान का तरीका',
    pointsEarned: 'मिले पॉइंट्स',
    taxInvoice: 'टैक्स इनवॉइस',
    refunded: 'रिफ़ंड',
    money: 'पैसे',
    addedToZCoins: 'आपके Z-Coins में जोड़े गए',
    orderStatus: 'ऑर्डर की स्थिति',
  },
  defaultInputLabels: ['प्लेयर आईडी', 'ज़ोन'],
  thanks: 'Z Store से ख़रीदारी करने के लिए धन्यवाद।',
  nothingCostZero: 'कुछ नहीं, इस ऑर्डर की कीमत ₹0 थी',
  askSupport: (orderid) =>
    `कोई सवाल है? अपनी ऑर्डर आईडी ${orderid} के साथ सपोर्ट से संपर्क करें; बस इस ई-मेल का जवाब दें।`,

  receipt: {
    subject: (orderid) => `ऑर्डर ${orderid} की आपकी Z Store रसीद`,
    intro: 'आपका ऑर्डर पूरा हो गया है और पैक डिलीवर कर दिया गया है।',
  },
  refund: {
    subject: (orderid) => `आपके Z Store ऑर्डर ${orderid} का रिफ़ंड कर दिया गया है`,
    intro: (why) => `हमने आपके ऑर्डर का रिफ़ंड कर दिया है। ${why}`,
    refundedTo: (amount, guest) =>
      guest ? `${amount} Z-Coins में, आपके लिए रखे गए हैं` : `${amount} आपके Z-Coins वॉलेट में`,
    guestNext:
      'इस ऑर्डर के मोबाइल नंबर या ई-मेल से रजिस्टर या साइन इन करें: उसके सत्यापित होते ही ये Z-Coins और आपके ऑर्डर आपके खाते में जुड़ जाएँगे।',
    walletNext: 'आपके Z-Coins आपके वॉलेट में हैं, अगले ऑर्डर के लिए तैयार।',
  },
  cancelled: {
    subject: (orderid) => `आपका Z Store ऑर्डर ${orderid} रद्द कर दिया गया है`,
    intro: (why) =>
      `हमने आपका ऑर्डर रद्द कर दिया है और पैक डिलीवर नहीं किया जाएगा।${why ? ` कारण: ${why}` : ''}`,
    moneyKept: (amount) => `${amount} चुकाए गए; ऑर्डर रद्द होने से ये अपने-आप वापस नहीं आते`,
    askBack: (amount, orderid) =>
      `अगर आपने यह ऑर्डर रद्द करने को नहीं कहा था, या ${amount} अपने Z-Coins में वापस चाहते हैं, तो अपनी ऑर्डर आईडी ${orderid} के साथ सपोर्ट से संपर्क करें; बस इस ई-मेल का जवाब दें।`,
  },
  missedPromise: {
    subject: (orderid) => `ऑर्डर ${orderid} पर हम डिलीवरी का अपना वादा पूरा नहीं कर पाए`,
    intro: (minutes, amount) =>
      `आपका ऑर्डर हमारे वादे के ${minutes} मिनट के अंदर डिलीवर नहीं हुआ। माफ़ी के तौर पर ${amount} आपके Z-Coins में जोड़ दिए गए हैं।`,
    stillDelivering:
      'हम इसे अब भी डिलीवर कर रहे हैं। अगर यह डिलीवर नहीं हो पाया, तो पूरी रकम आपके Z-Coins में वापस आ जाएगी।',
    delivered: 'अब यह डिलीवर हो गया है।',
    endedWithoutDelivery: 'यह ऑर्डर बिना डिलीवरी के बंद हो गया है।',
  },

  reason: (english) =>
    REASONS.reduce(
      (text, [pattern, words]) => text.replace(pattern, (...groups: string[]) => words(...groups)),
      english,
    ),
  whatsapp: {
    nameNotShown: 'नहीं दिखा',
    compensation: (amount) => `${amount} आपके Z-Coins में जोड़े गए`,
  },
};
