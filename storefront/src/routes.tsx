import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { GuestOnly } from './auth/GuestOnly';
import { RequireRole } from './auth/RequireRole';
import { AppLayout } from './layout/AppLayout';
import { useRouteHead } from './lib/useDocumentHead';

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
    title: 'Sign In',
    description: 'Sign in to Z Store to top up your games, pay with Z-Coins and see your orders.',
  },
  {
    path: '/register',
    Page: RegisterPage,
    title: 'Create Account',
    description:
      'Create a Z Store account for instant game top-ups, a Z-Coins wallet and reward points.',
  },
  {
    path: '/forgetpassword',
    Page: ForgetPasswordPage,
    title: 'Forgot Password',
    description: 'Reset the password of your Z Store account with a link sent to your e-mail.',
  },
  {
    path: '/checkverification',
    Page: CheckVerificationPage,
    title: 'Verify Your E-mail',
    description: 'Check your inbox to verify the e-mail address of your Z Store account.',
  },
];

const customerRoutes: RouteEntry[] = [
  {
    path: '/redeem',
    Page: RedeemPage,
    title: 'Redeem Points',
    description: 'Turn your Z Store reward points into Z-Coins for your next top-up.',
  },
  {
    path: '/dashboard',
    Page: DashboardPage,
    title: 'Dashboard',
    description: 'Your Z Store profile, wallet and recent orders in one place.',
  },
  {
    path: '/dashboard/bulk-orders',
    Page: BulkOrdersPage,
    title: 'Bulk Orders',
    description: 'Upload a CSV of top-up orders, check every row and place them at once.',
  },
  {
    path: '/wallet',
    Page: WalletPage,
    title: 'My Wallet',
    description: 'Your Z-Coins balance and wallet history at Z Store.',
  },
  {
    path: '/topup',
    Page: TopUpPage,
    title: 'Top Up Wallet',
    description: 'Add Z-Coins to your Z Store wallet by UPI and check out in one tap.',
  },
  {
    path: '/orders',
    Page: OrdersPage,
    title: 'My Orders',
    description: 'Track your Z Store game top-up orders and their delivery status.',
  },
];

const publicRoutes: RouteEntry[] = [
  // Links from e-mails open whether or not someone is signed in on this browser.
  {
    path: '/reset_password/:id/:token',
    Page: ResetPasswordPage,
    title: 'Reset Password',
    description: 'Choose a new password for your Z Store account.',
  },
  {
    path: '/verification/:id/:token',
    Page: VerificationPage,
    title: 'E-mail Verification',
    description: 'Verifying the e-mail address of your Z Store account.',
  },
  {
    path: '/',
    Page: HomePage,
    title: 'Instant Game Top-Ups',
    description:
      'Instant game top-ups in India: MLBB diamonds, Genshin, BGMI and OTT subscriptions. Pay by UPI or Z-Coins.',
  },
  {
    path: '/home',
    Page: HomePage,
    title: 'Instant Game Top-Ups',
    description:
      'Instant game top-ups in India: MLBB diamonds, Genshin, BGMI and OTT subscriptions. Pay by UPI or Z-Coins.',
  },
  {
    path: '/product/:id',
    Page: ProductPage,
    title: 'Game Top-Up',
    description:
      'Pick a pack, enter your player ID and top up instantly by UPI or Z-Coins at Z Store.',
  },
  {
    path: '/otplogin',
    Page: OtpLoginPage,
    title: 'Sign In With OTP',
    description: 'Sign in to Z Store with a one-time code sent to your mobile number.',
  },
  {
    path: '/otpverify/:mobile',
    Page: OtpVerifyPage,
    title: 'Enter Your OTP',
    description: 'Enter the one-time code sent to your mobile number to sign in to Z Store.',
  },
  {
    path: '/confirmation',
    Page: ConfirmationPage,
    title: 'Order Status',
    description: 'The status of your Z Store order and its delivery.',
  },
  {
    path: '/order-lookup',
    Page: GuestOrderPage,
    title: 'Find Your Order',
    description: 'The status and tax invoice of an order placed without an account.',
  },
  {
    path: '/walletconfirmation',
    Page: WalletConfirmationPage,
    title: 'Top-Up Status',
    description: 'The status of your Z Store wallet top-up.',
  },
  {
    path: '/balanceerror',
    Page: BalanceErrorPage,
    title: 'Not Enough Z-Coins',
    description:
      'Your Z-Coins balance is too low for this order: top up your wallet or pay by UPI.',
  },
  {
    path: '/about',
    Page: AboutPage,
    title: 'About Us',
    description:
      'Who we are: Z Store delivers official game top-ups to gamers across India, day and night.',
  },
  {
    path: '/contact',
    Page: ContactPage,
    title: 'Contact Us',
    description: 'Reach Z Store support by chat, e-mail or phone about an order or your account.',
  },
  {
    path: '/faq',
    Page: FaqPage,
    title: 'FAQ',
    description:
      'Answers to common questions about Z Store top-ups, payments, refunds and Z-Coins.',
  },
  {
    path: '/privacypage',
    Page: PrivacyPage,
    title: 'Privacy Policy',
    description: 'How Z Store collects, uses and protects your personal information.',
  },
  {
    path: '/refund-policy',
    Page: RefundPolicyPage,
    title: 'Refund Policy',
    description: 'When and how Z Store refunds an order, and where the money goes.',
  },
  {
    path: '/terms-and-condition',
    Page: TermsPage,
    title: 'Terms and Conditions',
    description: 'The terms that apply when you buy game top-ups and use Z-Coins at Z Store.',
  },
  {
    path: '/comingsoon',
    Page: ComingSoonPage,
    title: 'Coming Soon',
    description: 'New games and features on the way to Z Store.',
  },
  {
    path: '/referandearn',
    Page: ReferAndEarnPage,
    title: 'Refer and Earn',
    description: 'Invite friends to Z Store and earn rewards on their top-ups.',
  },
  { path: '/test', Page: TestPage, title: 'Test', description: 'A test page of Z Store.' },
];

interface RouteEntry {
  path: string;
  Page: ComponentType;
  title: string;
  description: string;
}

const NOT_FOUND_HEAD = {
  title: 'Page Not Found',
  description: 'This page does not exist at Z Store. Find your game on the home page.',
};

/** The route's `<title>` and meta description; a page may set its own once it knows more. */
function RouteHead({
  title,
  description,
  children,
}: Pick<RouteEntry, 'title' | 'description'> & { children: ReactNode }) {
  useRouteHead(title, description);
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
