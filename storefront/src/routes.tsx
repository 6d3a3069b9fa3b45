import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { GuestOnly } from './auth/GuestOnly';
import { RequireRole } from './auth/RequireRole';
import { AppLayout } from './layout/AppLayout';
import { useRouteHead } from './lib/useDocumentHead';
import { useTranslation } from 'react-i18next';
import type { english } from './i18n';

/**
 * A page whose code loads on first use, like `lazy`, that can also be loaded ahead: once loaded,
 * it renders at once instead of suspending (showing the page loader) for a moment.
 */
function preloadable(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Page() {
    // Decided once, so that a page shown through `Lazy` is not mounted again once it has loaded.
    const [ready] = useState(() => loaded);
    return ready ? <Loaded Page={ready} /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
}
const Loaded = ({ Page }: { Page: ComponentType }) => <Page />;

// Each page loads its own code; the server preloads the home page's and a product page's with the
// app's script (server/src/http/page-preloads.ts).
const HomePage = preloadable(() => import('./features/home/HomePage'));
const ProductPage = preloadable(() => import('./features/product/ProductPage'));

/** Loads the code of the page at `pathname` when it is one the server draws a first screen of. */
export async function preloadPageOf(pathname: string): Promise<void> {
  if (pathname === '/' || pathname === '/home') await HomePage.preload();
  else if (pathname.startsWith('/product/')) await ProductPage.preload();
}
const ConfirmationPage = lazy(() => import('./features/confirmation/ConfirmationPage'));
const GuestOrderPage = lazy(() => import('./features/guest/GuestOrderPage'));
const OrdersPage = lazy(() => import('./features/orders/OrdersPage'));
const DashboardPage = lazy(() => import('./features/dashboard/DashboardPage'));
const BulkOrdersPage = lazy(() => import('./features/dashboard/BulkOrdersPage'));

const LoginPage = lazy(() => import('./features/account/LoginPage'));
const RegisterPage = lazy(() => import('./features/account/RegisterPage'));
const OtpLoginPage = lazy(() => import('./features/account/OtpLoginPage'));
const OtpVerifyPage = lazy(() => import('./features/account/OtpVerifyPage'));
const ForgetPasswordPage = lazy(() => import('./features/account/ForgetPasswordPage'));
const ResetPasswordPage = lazy(() => import('./features/account/ResetPasswordPage'));
const VerificationPage = lazy(() => import('./features/account/VerificationPage'));
const CheckVerificationPage = lazy(() => import('./features/account/CheckVerificationPage'));

const WalletPage = lazy(() => import('./features/wallet/WalletPage'));
const TopUpPage = lazy(() => import('./features/wallet/TopUpPage'));
const RedeemPage = lazy(() => import('./features/wallet/RedeemPage'));
const WalletConfirmationPage = lazy(() => import('./features/wallet/WalletConfirmationPage'));
const BalanceErrorPage = lazy(() => import('./features/wallet/BalanceErrorPage'));

const AboutPage = lazy(() => import('./features/static/AboutPage'));
const ContactPage = lazy(() => import('./features/static/ContactPage'));
const FaqPage = lazy(() => import('./features/static/FaqPage'));
const PrivacyPage = lazy(() => import('./features/static/PrivacyPage'));
const RefundPolicyPage = lazy(() => import('./features/static/RefundPolicyPage'));
const TermsPage = lazy(() => import('./features/static/TermsPage'));
const ComingSoonPage = lazy(() => import('./features/static/ComingSoonPage'));
const ReferAndEarnPage = lazy(() => import('./features/static/ReferAndEarnPage'));
const TestPage = lazy(() => import('./features/static/TestPage'));
const NotFoundPage = lazy(() => import('./features/static/NotFoundPage'));

const guestOnlyRoutes: RouteEntry[] = [
  {
    path: '/login',
    Page: LoginPage,
    title: 'head.login.title',
    description: 'head.login.description',
  },
  {
    path: '/register',
    Page: RegisterPage,
    title: 'head.register.title',
    description: 'head.register.description',
  },
  {
    path: '/forgetpassword',
    Page: ForgetPasswordPage,
    title: 'head.forgetpassword.title',
    description: 'head.forgetpassword.description',
  },
  {
    path: '/checkverification',
    Page: CheckVerificationPage,
    title: 'head.checkverification.title',
    description: 'head.checkverification.description',
  },
];

const customerRoutes: RouteEntry[] = [
  {
    path: '/redeem',
    Page: RedeemPage,
    title: 'head.redeem.title',
    description: 'head.redeem.description',
  },
  {
    path: '/dashboard',
    Page: DashboardPage,
    title: 'head.dashboard.title',
    description: 'head.dashboard.description',
  },
  {
    path: '/dashboard/bulk-orders',
    Page: BulkOrdersPage,
    title: 'head.dashboard_bulk_orders.title',
    description: 'head.dashboard_bulk_orders.description',
  },
  {
    path: '/wallet',
    Page: WalletPage,
    title: 'head.wallet.title',
    description: 'head.wallet.description',
  },
  {
    path: '/topup',
    Page: TopUpPage,
    title: 'head.topup.title',
    description: 'head.topup.description',
  },
  {
    path: '/orders',
    Page: OrdersPage,
    title: 'head.orders.title',
    description: 'head.orders.description',
  },
];

const publicRoutes: RouteEntry[] = [
  // Links from e-mails open whether or not someone is signed in on this browser.
  {
    path: '/reset_password/:id/:token',
    Page: ResetPasswordPage,
    title: 'head.reset_password_id_token.title',
    description: 'head.reset_password_id_token.description',
  },
  {
    path: '/verification/:id/:token',
    Page: VerificationPage,
    title: 'head.verification_id_token.title',
    description: 'head.verification_id_token.description',
  },
  {
    path: '/',
    Page: HomePage,
    title: 'head.root.title',
    description: 'head.root.description',
  },
  {
    path: '/home',
    Page: HomePage,
    title: 'head.home.title',
    description: 'head.home.description',
  },
  {
    path: '/product/:id',
    Page: ProductPage,
    title: 'head.product_id.title',
    description: 'head.product_id.description',
  },
  {
    path: '/otplogin',
    Page: OtpLoginPage,
    title: 'head.otplogin.title',
    description: 'head.otplogin.description',
  },
  {
    path: '/otpverify/:mobile',
    Page: OtpVerifyPage,
    title: 'head.otpverify_mobile.title',
    description: 'head.otpverify_mobile.description',
  },
  {
    path: '/confirmation',
    Page: ConfirmationPage,
    title: 'head.confirmation.title',
    description: 'head.confirmation.description',
  },
  {
    path: '/order-lookup',
    Page: GuestOrderPage,
    title: 'head.order_lookup.title',
    description: 'head.order_lookup.description',
  },
  {
    path: '/walletconfirmation',
    Page: WalletConfirmationPage,
    title: 'head.walletconfirmation.title',
    description: 'head.walletconfirmation.description',
  },
  {
    path: '/balanceerror',
    Page: BalanceErrorPage,
    title: 'head.balanceerror.title',
    description: 'head.balanceerror.description',
  },
  {
    path: '/about',
    Page: AboutPage,
    title: 'head.about.title',
    description: 'head.about.description',
  },
  {
    path: '/contact',
    Page: ContactPage,
    title: 'head.contact.title',
    description: 'head.contact.description',
  },
  {
    path: '/faq',
    Page: FaqPage,
    title: 'head.faq.title',
    description: 'head.faq.description',
  },
  {
    path: '/privacypage',
    Page: PrivacyPage,
    title: 'head.privacypage.title',
    description: 'head.privacypage.description',
  },
  {
    path: '/refund-policy',
    Page: RefundPolicyPage,
    title: 'head.refund_policy.title',
    description: 'head.refund_policy.description',
  },
  {
    path: '/terms-and-condition',
    Page: TermsPage,
    title: 'head.terms_and_condition.title',
    description: 'head.terms_and_condition.description',
  },
  {
    path: '/comingsoon',
    Page: ComingSoonPage,
    title: 'head.comingsoon.title',
    description: 'head.comingsoon.description',
  },
  {
    path: '/referandearn',
    Page: ReferAndEarnPage,
    title: 'head.referandearn.title',
    description: 'head.referandearn.description',
  },
  {
    path: '/test',
    Page: TestPage,
    title: 'head.test.title',
    description: 'head.test.description',
  },
];

type HeadKey = keyof (typeof english)['head'];

interface RouteEntry {
  path: string;
  Page: ComponentType;
  title: `head.${HeadKey}.title`;
  description: `head.${HeadKey}.description`;
}

const NOT_FOUND_HEAD = {
  title: 'head.not_found.title',
  description: 'head.not_found.description',
} as const;

/** The route's `<title>` and meta description; a page may set its own once it knows more. */
function RouteHead({
  title,
  description,
  children,
}: Pick<RouteEntry, 'title' | 'description'> & { children: ReactNode }) {
  const { t } = useTranslation();
  useRouteHead(t(title), t(description));
  return children;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {publicRoutes.map(({ path, Page, ...head }) => (
          <Route
            key={path}
            path={path}
            element={
              <RouteHead {...head}>
                <Page />
              </RouteHead>
            }
          />
        ))}
        {guestOnlyRoutes.map(({ path, Page, ...head }) => (
          <Route
            key={path}
            path={path}
            element={
              <RouteHead {...head}>
                <GuestOnly>
                  <Page />
                </GuestOnly>
              </RouteHead>
            }
          />
        ))}
        {customerRoutes.map(({ path, Page, ...head }) => (
          <Route
            key={path}
            path={path}
            element={
              <RouteHead {...head}>
                <RequireRole>
                  <Page />
                </RequireRole>
              </RouteHead>
            }
          />
        ))}
        <Route
          path="*"
          element={
            <RouteHead {...NOT_FOUND_HEAD}>
              <NotFoundPage />
            </RouteHead>
          }
        />
      </Route>
    </Routes>
  );
}
