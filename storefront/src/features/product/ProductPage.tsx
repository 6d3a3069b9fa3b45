import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { ApiError } from '@/api/client';
import { itemsQuery } from '@/api/item';
import { audienceOf } from '@/api/queryKeys';
import { checkPlayerId } from '@/api/order';
import { productQuery } from '@/api/product';
import { savedPlayersQuery } from '@/api/savedPlayers';
import type { Item, PaymentMode, Product } from '@/api/types';
import { clearReturnTo, setReturnTo } from '@/auth/returnTo';
import { useSession } from '@/auth/SessionContext';
import { PageLoader } from '@/components/PageLoader';
import { StatusMessage } from '@/components/StatusMessage';
import { BuyBar } from './BuyBar';
import {
  INDO_ID_REFUSED,
  interpretCheckId,
  REGION_REFUSED,
  serverRegionOf,
  type CheckIdOutcome,
} from '@zstore/contract/check-id-message';
import { EnterInfoStep, type UsernameCheck } from './EnterInfoStep';
import { OrderSummaryStep } from './OrderSummaryStep';
import { PaymentSheet } from './PaymentSheet';
import { useTopUpForOrder } from './useTopUpForOrder';
import { GuestCheckoutSheet } from '@/features/guest/GuestCheckoutSheet';
import { UpiPaySheet } from '@/features/upi/UpiPaySheet';
import type { UpiPayment } from '@/features/upi/upiPayment';
import {
  draftUrl,
  forgetPlayer,
  readDraft,
  rememberedPlayer,
  rememberPlayer,
} from './purchaseDraft';
import { ProductHeader } from './ProductHeader';
import {
  inputFields,
  inputProblem,
  needsUsernameCheck,
  orderInputsValid,
  priceFor,
} from './productRules';
import { SelectRechargeStep } from './SelectRechargeStep';
import { usePlaceOrder } from './usePlaceOrder';
import './product.css';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import { currentLanguage } from '@/i18n/language';

/**
 * The player check's outcome in the language on screen: the supplier's own words stay as they
 * came (spec 000 section 8); the store's lines around them are translated.
 */
function localCheckId(outcome: CheckIdOutcome, username?: string): CheckIdOutcome {
  if (currentLanguage() === 'en') return outcome;
  if (outcome.verified) {
    return { verified: true, text: i18n.t('product.usernameIs', { name: username ?? '' }) };
  }
  if (outcome.text === INDO_ID_REFUSED) {
    return { verified: false, text: i18n.t('product.indoRefused') };
  }
  if (outcome.text === REGION_REFUSED) {
    return { verified: false, text: i18n.t('product.regionRefused') };
  }
  return {
    verified: false,
    text: outcome.text,
    explanation: outcome.explanation && i18n.t('product.playerNotFound'),
  };
}

/** Names the field that is wrong when one is; else the spec's general message. */
const detailsToast = (problem?: string) =>
  toast.error(problem ?? i18n.t('messages.selectPackAndDetails'), {
    position: 'top-center',
    autoClose: 5000,
  });

function ProductNotFound({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="container page page-narrow">
      <div className="card">
        <StatusMessage
          icon="alert"
          tone="warning"
          title={failed ? t('product.couldNotLoad') : t('product.notFound')}
        >
          <p className="muted">
            {failed ? t('product.checkConnection') : t('product.notAvailable')}
          </p>
          <Link to="/home" className="btn btn-primary">
            {t('product.backHome')}
          </Link>
        </StatusMessage>
      </div>
    </div>
  );
}

function OrderForm({ product }: { product: Product }) {
  const navigate = useNavigate();
  const { user, isLoggedIn } = useSession();
  // Deferred: the packs render in an interruptible pass that leaves the main thread to input.
  const itemsResult = useDeferredValue(useQuery(itemsQuery(product._id, audienceOf(user?.role))));
  const [searchParams] = useSearchParams();
  const [urlDraft] = useState(() => readDraft(searchParams));
  // Coming back after sign-in or from 'Buy again': the URL's pack and player; else the last
  // player this customer bought for here, as this device remembers it until the account answers.
  const [draft] = useState(
    () => urlDraft ?? (user ? rememberedPlayer(user.userid, product._id) : null),
  );
  // Once the customer reaches a player field, a saved player answering late no longer fills it:
  // the value would change under their caret and what they type would land after it.
  const edited = useRef(false);
  const [chosen, setChosen] = useState<Item | null>(null);
  const [input1, setInput1] = useState(draft?.input1 ?? '');
  const [input2, setInput2] = useState(draft?.input2 ?? '');
  const [usernameCheck, setUsernameCheck] = useState<UsernameCheck>({ status: 'idle' });
  // Back from a top-up started in the sheet: the sheet opens again on the same order.
  const [sheetOpen, setSheetOpen] = useState(!!urlDraft?.payWithCoins && isLoggedIn);
  const topUp = useTopUpForOrder();
  const [upiPayment, setUpiPayment] = useState<UpiPayment | null>(null);
  const [guestSheet, setGuestSheet] = useState(false);
  const { placeOrder, submitting } = usePlaceOrder(setUpiPayment);

  const itemsNotFound =
    !itemsResult.data && itemsResult.error instanceof ApiError && itemsResult.error.status === 404;
  const items: Item[] | null = itemsResult.data
    ? (itemsResult.data.items ?? [])
    : itemsNotFound
      ? []
      : null;
  // Until the user picks one, the draft's pack (or else the first pack in stock) is selected.
  const selected =
    chosen ??
    items?.find((item) => item.inStock && item._id === draft?.itemId) ??
    items?.find((item) => item.inStock) ??
    null;

  useEffect(() => {
    if (isLoggedIn) clearReturnTo();
  }, [isLoggedIn]);

  const logInFirst = () => {
    setReturnTo(draftUrl(product._id, { itemId: selected?._id, input1, input2 }));
    void navigate('/login');
  };

  const fields = inputFields(product);
  const firstLabel = fields.first.label;
  const secondLabel = fields.second.label;
  const price = selected ? priceFor(selected, user?.role) : null;

  // The account's saved player follows the customer across devices, and wins once it answers.
  const savedFor = urlDraft === null ? user?.userid : undefined;
  const savedPlayers = useQuery({
    ...savedPlayersQuery(savedFor ?? 0),
    enabled: savedFor !== undefined,
  }).data;
  useEffect(() => {
    if (savedFor === undefined || !savedPlayers || edited.current) return;
    const saved = savedPlayers.find((player) => player.product_id === product._id);
    if (saved) rememberPlayer(savedFor, product._id, saved.input1, saved.input2);
    else forgetPlayer(savedFor, product._id);
    // Decided again as the value is drawn: the customer may reach a field in between, and a value
    // put under their caret would have what they type land after it.
    const unlessReached = (value: string) => (current: string) =>
      edited.current ? current : value;
    setInput1(unlessReached(saved?.input1 ?? ''));
    setInput2(unlessReached(saved?.input2 ?? ''));
  }, [savedFor, savedPlayers, product._id]);

  const changeInput = (setter: (value: string) => void) => (value: string) => {
    edited.current = true;
    setter(value);
    setUsernameCheck({ status: 'idle' });
  };

  const checkUsername = async () => {
    if (!input1 || !input2 || !selected) {
      detailsToast(inputProblem(product, input1, input2));
      return;
    }
    setUsernameCheck({ status: 'checking' });
    try {
      const response = await checkPlayerId({
        userid: input1,
        zoneid: input2,
        selectedProduct: product._id,
        selectedItem: selected._id,
      });
      const outcome = localCheckId(
        interpretCheckId(response, serverRegionOf(product.name)),
        response.username,
      );
      if (outcome.verified) {
        setUsernameCheck({
          status: 'verified',
          text: outcome.text,
          username: response.username ?? '',
        });
        return;
      }
      setUsernameCheck({ status: 'refused', ...outcome });
      toast.error(outcome.explanation ? `${outcome.text}: ${outcome.explanation}` : outcome.text);
    } catch (failure) {
      const outcome =
        failure instanceof ApiError && !failure.isNetworkError
          ? localCheckId(
              interpretCheckId({ message: failure.message }, serverRegionOf(product.name)),
            )
          : { text: i18n.t('messages.internal') };
      const explanation = 'explanation' in outcome ? outcome.explanation : undefined;
      setUsernameCheck({ status: 'refused', text: outcome.text, explanation });
      toast.error(explanation ? `${outcome.text}: ${explanation}` : outcome.text);
    }
  };

  const readyToPay = () => {
    if (!selected || !orderInputsValid(product, input1, input2)) {
      detailsToast(inputProblem(product, input1, input2));
      return false;
    }
    if (needsUsernameCheck(product) && usernameCheck.status !== 'verified') {
      toast.error(i18n.t('product.checkFirst'));
      return false;
    }
    return true;
  };

  const proceed = () => {
    if (!isLoggedIn) {
      logInFirst();
      return;
    }
    if (readyToPay()) setSheetOpen(true);
  };

  const buyAsGuest = () => {
    if (readyToPay()) setGuestSheet(true);
  };

  const confirm = async (mode: PaymentMode, couponCode: string) => {
    if (!user || !selected) return;
    rememberPlayer(user.userid, product._id, input1, input2);
    const outcome = await placeOrder(
      {
        itemid: selected.itemid,
        product_id: product._id,
        userid: user.userid,
        input1,
        input2,
        couponCode,
        item_id: selected._id,
      },
      mode,
    );
    if (outcome === 'refused' || outcome === 'paying') setSheetOpen(false);
  };

  const topUpAndReturn = (amount: number, couponCode: string) => {
    if (!user || !selected) return;
    rememberPlayer(user.userid, product._id, input1, input2);
    const back = draftUrl(product._id, {
      itemId: selected._id,
      input1,
      input2,
      coupon: couponCode || undefined,
      payWithCoins: true,
    });
    void topUp.start(amount, user.userid, back);
  };

  const username = usernameCheck.status === 'verified' ? usernameCheck.username : undefined;

  return (
    <div className="product-layout">
      <div className="product-main">
        <ProductHeader product={product} />
        <EnterInfoStep
          product={product}
          input1={input1}
          input2={input2}
          onInput1Change={changeInput(setInput1)}
          onInput2Change={changeInput(setInput2)}
          onPlayerFocus={() => {
            edited.current = true;
          }}
          usernameCheck={usernameCheck}
          onCheckUsername={() => void checkUsername()}
        />
        <SelectRechargeStep
          items={items}
          loadFailed={!itemsResult.data && itemsResult.isError && !itemsNotFound}
          onRetry={() => void itemsResult.refetch()}
          selectedId={selected?._id ?? null}
          onSelect={setChosen}
          role={user?.role}
          fallbackImage={product.imgpath}
        />
      </div>
      <aside className="product-aside">
        <OrderSummaryStep
          item={selected}
          price={price}
          input1={input1}
          input2={input2}
          firstLabel={firstLabel}
          secondLabel={secondLabel}
          username={username}
          isLoggedIn={isLoggedIn}
          processing={submitting}
          fallbackImage={product.imgpath}
          onProceed={proceed}
          onLogin={logInFirst}
          onGuest={buyAsGuest}
        />
      </aside>
      <BuyBar
        item={selected}
        price={price}
        isLoggedIn={isLoggedIn}
        processing={submitting}
        onProceed={proceed}
        onLogin={logInFirst}
        onGuest={buyAsGuest}
      />
      {guestSheet && !isLoggedIn && !upiPayment && selected && price !== null && (
        <GuestCheckoutSheet
          productId={product._id}
          item={selected}
          price={price}
          input1={input1}
          input2={input2}
          onCancel={() => setGuestSheet(false)}
          onLogin={logInFirst}
          onPayment={(payment) => {
            setGuestSheet(false);
            setUpiPayment(payment);
          }}
        />
      )}
      {upiPayment && <UpiPaySheet payment={upiPayment} onClose={() => setUpiPayment(null)} />}
      {topUp.payment && <UpiPaySheet payment={topUp.payment} onClose={topUp.close} />}
      {sheetOpen && !topUp.payment && user && selected && price !== null && (
        <PaymentSheet
          user={user}
          item={selected}
          price={price}
          input1={input1}
          input2={input2}
          firstLabel={firstLabel}
          secondLabel={secondLabel}
          submitting={submitting || topUp.starting}
          onCancel={() => setSheetOpen(false)}
          onConfirm={(mode, couponCode) => void confirm(mode, couponCode)}
          onTopUp={topUpAndReturn}
          resumed={urlDraft ?? undefined}
        />
      )}
    </div>
  );
}

export default function ProductPage() {
  const { id = '' } = useParams();
  // Deferred, as the packs are: the page renders in an interruptible pass.
  const product = useDeferredValue(useQuery(productQuery(id)));

  if (product.isPending) return <PageLoader />;
  if (!product.data?.product) {
    const notFound =
      product.data !== undefined ||
      (product.error instanceof ApiError && [400, 404].includes(product.error.status));
    return <ProductNotFound failed={!notFound} />;
  }
  return (
    <div className="container page">
      <OrderForm key={product.data.product._id} product={product.data.product} />
    </div>
  );
}
