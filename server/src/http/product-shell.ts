import {
  EMAIL_MAX_LENGTH,
  firstInputKind,
  GENSHIN_SERVERS,
  SECOND_INPUT_MAX_LENGTH,
  secondInputKind,
  type FirstInputKind,
  type SecondInputKind,
} from '@zstore/contract/order-inputs';
import type { ItemResponseDto, ProductPageDto } from '../modules/catalog/dto/catalog.dto.js';
import { appShell, assetUrl, escapeHtml, icon } from './storefront-shell.js';
import { shellTexts, type ShellLanguage } from './shell-language.js';
import { productText, type ProductTextKey } from './shell-product-texts.js';

/**
 * A product page's first screen as the storefront's ProductPage draws it for a signed-out visitor
 * (same classes, same layout): the header, the player form, the packs with the first in stock
 * chosen, the order summary and the phone's buy bar. The controls the app must run carry a
 * `data-shell-key` that the app's own controls carry too: what the visitor types, picks and
 * presses here before the app has started is carried over to them (storefront/src/lib/shellUse.ts).
 *
 * The prices are the public ones: a reseller's page hides them until the app shows the trade
 * prices, and a signed-in visitor's page hides the sign-in buttons (global.css).
 */
export function productShell(
  product: ProductPageDto,
  items: ItemResponseDto[] | undefined,
  language: ShellLanguage,
): string {
  const t = (key: ProductTextKey, values?: Record<string, string | number>) =>
    escapeHtml(productText(language, key, values));
  const money = RUPEES[language];
  const chosen = items?.find((item) => item.inStock);
  const fields = inputFields(product, (key) => productText(language, key));
  const main = [
    header(product, language, money, t),
    playerStep(product, fields, t),
    packsStep(items, chosen, product.imgpath, money, t),
  ].join('');
  const layout = `<div class="product-layout"><div class="product-main">${main}</div><aside class="product-aside">${summaryStep(chosen, fields, product.imgpath, money, t)}</aside>${buyBar(chosen, money, t)}</div>`;
  return appShell(shellTexts(language), `<div class="container page">${layout}</div>`, false);
}

type Translate = (key: ProductTextKey, values?: Record<string, string | number>) => string;
type Money = (amount: number, whole?: boolean) => string;

/** As the storefront's `formatRupees` and `rupeesShort`, in each language, made once. */
const RUPEES: Record<ShellLanguage, Money> = { en: rupeesIn('en-IN'), hi: rupeesIn('hi-IN') };

function rupeesIn(locale: string): Money {
  const exact = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 2,
  });
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return (amount, short) =>
    escapeHtml(
      short && Number.isInteger(amount) ? `₹${whole.format(amount)}` : exact.format(amount),
    );
}

interface Field<Kind> {
  kind: Kind;
  label: string;
}

/** As the storefront's `inputFields`: the product's own labels, else the usual ones (raw text). */
function inputFields(product: ProductPageDto, productTextOf: (key: ProductTextKey) => string) {
  const first = firstInputKind(product);
  const second = secondInputKind(product);
  const fallbackSecond =
    second === 'server' ? 'labelServer' : second === 'zone' ? 'labelZone' : 'labelName';
  return {
    first: {
      kind: first,
      label:
        product.inputs[0]?.label || productTextOf(first === 'email' ? 'labelEmail' : 'labelUserId'),
    } as Field<FirstInputKind>,
    second: {
      kind: second,
      label: product.inputs[1]?.label || productTextOf(fallbackSecond),
    } as Field<SecondInputKind>,
  };
}

type Fields = ReturnType<typeof inputFields>;

function hint(field: Field<FirstInputKind | SecondInputKind>, t: Translate) {
  if (field.kind === 'playerId') return t('hintPlayerId');
  if (field.kind === 'email') return t('hintEmail');
  if (field.kind === 'zone') return t('hintZone');
  if (field.kind === 'server') return t('hintServer');
  if (/server/i.test(field.label)) return t('hintServerText');
  return t('hintMax', { max: SECOND_INPUT_MAX_LENGTH });
}

function placeholder(field: Field<FirstInputKind | SecondInputKind>, t: Translate) {
  if (field.kind === 'playerId') return t('placeholderPlayerId');
  if (field.kind === 'email') return t('placeholderEmail');
  if (field.kind === 'zone') return t('placeholderZone');
  return t('placeholderOther', { label: field.label });
}

const stepCard = (step: number, title: string, body: string, className = '') =>
  `<section class="card step-card${className ? ` ${className}` : ''}"><h2 class="step-title"><span class="step-number">${step}</span>${title}</h2>${body}</section>`;

function header(product: ProductPageDto, language: ShellLanguage, money: Money, t: Translate) {
  const texts = shellTexts(language);
  const delivery =
    product.deliveryTime ?? (product.isApi ? texts.instantIn : texts.deliveredWithin);
  const guarantee = product.guarantee;
  const back =
    guarantee &&
    (guarantee.percent !== undefined
      ? t('percentOfPrice', { percent: guarantee.percent })
      : money(guarantee.rupees ?? 0, true));
  const guaranteeNote = guarantee
    ? `<p class="guarantee-note" data-testid="delivery-guarantee">${icon('shieldCheck', 16)} ${t('guarantee', { minutes: guarantee.minutes, back: back! })}</p>`
    : '';
  const note = product.importantnote
    ? `<div class="important-note">${icon('alert', 18)}<p>${escapeHtml(product.importantnote)}</p></div>`
    : '';
  return `<section class="product-header card"><img class="product-image" src="${escapeHtml(assetUrl(product.imgpath))}" alt="" width="96" height="96"><div class="product-heading"><h1>${escapeHtml(product.name)}</h1><p class="delivery-note">${icon('bolt', 16)} ${escapeHtml(delivery)}</p>${guaranteeNote}<button type="button" class="btn btn-secondary btn-sm" data-shell-key="how-to-purchase">${icon('info', 16)} ${escapeHtml(texts.howToPurchase)}</button></div>${note}</section>`;
}

function playerStep(product: ProductPageDto, { first, second }: Fields, t: Translate) {
  const firstIsEmail = first.kind === 'email';
  const firstInput = `<input id="static-player-1" class="input" type="${firstIsEmail ? 'email' : 'text'}" inputmode="${firstIsEmail ? 'email' : 'numeric'}" placeholder="${placeholder(first, t)}" autocomplete="${firstIsEmail ? 'email' : 'off'}" maxlength="${firstIsEmail ? EMAIL_MAX_LENGTH : 12}" aria-describedby="static-player-1-hint" data-shell-key="player-1">`;
  const secondInput =
    second.kind === 'server'
      ? `<select id="static-player-2" class="input" aria-describedby="static-player-2-hint" data-shell-key="player-2"><option value="">${t('selectServer')}</option>${GENSHIN_SERVERS.map((server) => `<option value="${server}">${server}</option>`).join('')}</select>`
      : `<input id="static-player-2" class="input" inputmode="${second.kind === 'zone' ? 'numeric' : 'text'}" placeholder="${placeholder(second, t)}" autocomplete="off" maxlength="${second.kind === 'zone' ? 5 : SECOND_INPUT_MAX_LENGTH}" aria-describedby="static-player-2-hint" data-shell-key="player-2">`;
  const field = (n: number, label: string, control: string, hintText: string) =>
    `<div class="field"><label class="field-label" for="static-player-${n}">${escapeHtml(label)}</label>${control}<p id="static-player-${n}-hint" class="field-hint muted">${hintText}</p></div>`;
  const check =
    product.isApi && product.type.toUpperCase() === 'MLBB'
      ? `<div class="username-check"><button type="button" class="btn btn-secondary" data-shell-key="check-username">${t('checkUsername')}</button></div>`
      : '';
  const guide = product.guideImage
    ? `<details class="id-guide" data-shell-key="id-guide"><summary>${t('whereFind', { label: first.label })}</summary><img src="${escapeHtml(assetUrl(product.guideImage))}" alt="${t('whereFindAlt', { label: first.label })}" loading="lazy"></details>`
    : '';
  return stepCard(
    1,
    t('enterInformation'),
    `<div class="info-fields">${field(1, first.label, firstInput, hint(first, t))}${field(2, second.label, secondInput, hint(second, t))}</div>${check}${guide}`,
  );
}

function packsStep(
  items: ItemResponseDto[] | undefined,
  chosen: ItemResponseDto | undefined,
  fallbackImage: string,
  money: Money,
  t: Translate,
) {
  if (!items) {
    const skeletons = '<div class="skeleton item-skeleton"></div>'.repeat(6);
    return stepCard(
      2,
      t('selectRecharge'),
      `<div class="item-grid" aria-hidden="true">${skeletons}</div>`,
    );
  }
  if (!items.length) {
    return stepCard(2, t('selectRecharge'), `<p class="step-empty muted">${t('noItems')}</p>`);
  }
  const pack = (item: ItemResponseDto) => {
    const selected = item === chosen;
    const price = item.discountedprice;
    const percent =
      item.originalprice && item.originalprice > price
        ? Math.round(((item.originalprice - price) / item.originalprice) * 100)
        : 0;
    const classes = `item-card${selected ? ' is-selected' : ''}${item.inStock ? '' : ' is-out'}`;
    const badge =
      percent > 0 && item.inStock
        ? `<span class="item-badge static-public-price">-${percent}%</span>`
        : '';
    const priceHtml = item.inStock
      ? `<span class="item-price static-public-price"><strong>${money(price)}</strong>${item.originalprice > price ? `<s>${money(item.originalprice)}</s>` : ''}</span>`
      : `<span class="item-out">${t('outOfStock')}</span>`;
    return `<button type="button" class="${classes}"${item.inStock ? '' : ' disabled'} aria-pressed="${selected}" data-shell-key="pack-${escapeHtml(item._id)}" data-price="${money(price)}" data-name="${escapeHtml(item.name)}">${badge}<img src="${escapeHtml(assetUrl(item.imgpath || fallbackImage))}" alt="" loading="lazy"><span class="item-name">${escapeHtml(item.name)}</span>${priceHtml}</button>`;
  };
  return stepCard(
    2,
    t('selectRecharge'),
    `<div class="item-grid">${items.map(pack).join('')}</div>`,
  );
}

function summaryStep(
  chosen: ItemResponseDto | undefined,
  { first, second }: Fields,
  fallbackImage: string,
  money: Money,
  t: Translate,
) {
  const price = money(chosen?.discountedprice ?? 0);
  const item = chosen
    ? `<div class="summary-item"><img src="${escapeHtml(assetUrl(chosen.imgpath || fallbackImage))}" alt=""><div><strong data-static-pack-name="">${escapeHtml(chosen.name)}</strong><span class="muted static-public-price" data-static-pack-price="">${price}</span></div></div>`
    : `<p class="muted">${t('selectToContinue')}</p>`;
  const row = (label: string, value: string, extra = '') =>
    `<div${extra}><dt>${label}</dt><dd>${value}</dd></div>`;
  const list = `<dl class="summary-list">${row(escapeHtml(first.label), '-')}${row(escapeHtml(second.label), '-')}${row(t('total'), `<span class="static-public-price" data-static-pack-price="">${price}</span>`, ' class="summary-total"')}</dl>`;
  const actions = `<button type="button" class="btn btn-primary btn-block summary-action static-login" data-shell-key="summary-login">${t('loginFirst')}</button><button type="button" class="btn btn-secondary btn-block guest-buy static-login" data-shell-key="summary-guest">${t('buyWithoutAccount')}</button>`;
  return stepCard(3, t('orderConfirmation'), item + list + actions, 'summary-card');
}

function buyBar(chosen: ItemResponseDto | undefined, money: Money, t: Translate) {
  const name = chosen ? escapeHtml(chosen.name) : t('selectPack');
  return `<section class="buy-bar" aria-label="${t('yourOrder')}"><div class="buy-bar-total"><span class="muted buy-bar-item" data-static-pack-name="">${name}</span><strong class="static-public-price" data-static-pack-price="">${money(chosen?.discountedprice ?? 0)}</strong></div><div class="buy-bar-actions static-login"><button type="button" class="btn btn-secondary btn-sm" data-shell-key="bar-guest">${t('buyAsGuest')}</button><button type="button" class="btn btn-primary btn-sm" data-shell-key="bar-login">${t('loginFirst')}</button></div></section>`;
}
