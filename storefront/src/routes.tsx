import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { GuestOnly } from './auth/GuestOnly';
import { RequireRole } from './auth/RequireRole';
import { AppLayout } from './layout/AppLayout';

const HomePage = lazy(() => import('./features/home/HomePage'));
const ProductPage = lazy(() => import('./features/product/ProductPage'));
const ConfirmationPage = lazy(() => import('./features/confirmation/ConfirmationPage'));
const OrdersPage = lazy(() => import('./features/orders/OrdersPage'));
const DashboardPage = lazy(() => import('./features/dashboard/DashboardPage'));

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

const guestOnlyRoutes = [
  { path: '/login', Page: LoginPage },
  { path: '/register', Page: RegisterPage },
  { path: '/forgetpassword', Page: ForgetPasswordPage },
  { path: '/checkverification', Page: CheckVerificationPage },
  { path: '/reset_password/:id/:token', Page: ResetPasswordPage },
  { path: '/verification/:id/:token', Page: VerificationPage },
];

const customerRoutes = [
  { path: '/redeem', Page: RedeemPage },
  { path: '/dashboard', Page: DashboardPage },
  { path: '/wallet', Page: WalletPage },
  { path: '/topup', Page: TopUpPage },
  { path: '/orders', Page: OrdersPage },
];

const publicRoutes = [
  { path: '/', Page: HomePage },
  { path: '/home', Page: HomePage },
  { path: '/product/:id', Page: ProductPage },
  { path: '/otplogin', Page: OtpLoginPage },
  { path: '/otpverify/:mobile', Page: OtpVerifyPage },
  { path: '/confirmation', Page: ConfirmationPage },
  { path: '/walletconfirmation', Page: WalletConfirmationPage },
  { path: '/balanceerror', Page: BalanceErrorPage },
  { path: '/about', Page: AboutPage },
  { path: '/contact', Page: ContactPage },
  { path: '/faq', Page: FaqPage },
  { path: '/privacypage', Page: PrivacyPage },
  { path: '/refund-policy', Page: RefundPolicyPage },
  { path: '/terms-and-condition', Page: TermsPage },
  { path: '/comingsoon', Page: ComingSoonPage },
  { path: '/referandearn', Page: ReferAndEarnPage },
  { path: '/test', Page: TestPage },
];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {publicRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {guestOnlyRoutes.map(({ path, Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <GuestOnly>
                <Page />
              </GuestOnly>
            }
          />
        ))}
        {customerRoutes.map(({ path, Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireRole>
                <Page />
              </RequireRole>
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
