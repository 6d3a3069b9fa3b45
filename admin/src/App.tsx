import { lazy } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { GstReport } from '@/gstReport/GstReport';
import { PromiseReport } from '@/promiseReport/PromiseReport';
import allOrders from '@/allOrders';
import auditLog from '@/auditLog';
import { authProvider } from '@/authProvider';
import coupons, { CouponCreate } from '@/coupons';
import { dataProvider } from '@/dataProvider';
import gallery from '@/gallery';
import { i18nProvider } from '@/i18n/i18nProvider';
import items, { ItemCreate } from '@/items';
import { Layout, Notification, darkTheme, lightTheme } from '@/layout';
import { LoginScreen } from '@/login/LoginScreen';
import products, { ProductCreate } from '@/products';
import referrals from '@/referrals';
import users from '@/users';
import walletTransactions from '@/walletTransactions';

const Dashboard = lazy(() => import('@/dashboard/Dashboard'));
const PendingOrders = lazy(() => import('@/pendingOrders/PendingOrders'));
const PriceUpdate = lazy(() => import('@/price/PriceUpdate'));
const ResellerPage = lazy(() => import('@/resellers/ResellerPage'));

/** Resource names follow the spec's routes (DESIGN 13 "Console routes"); see `restPaths`. */
const AdminApp = () => (
  <Admin
    basename="/admin"
    title="Z Store Admin"
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    layout={Layout}
    loginPage={LoginScreen}
    notification={Notification}
    dashboard={Dashboard}
    theme={lightTheme}
    darkTheme={darkTheme}
    defaultTheme="dark"
    requireAuth
    disableTelemetry
  >
    <Resource name="usersdata" {...users} />
    <Resource name="txn" {...allOrders} />
    <Resource name="wallettxn" {...walletTransactions} />
    <Resource name="admingallery" {...gallery} />
    <Resource name="viewitems" {...items} />
    <Resource name="viewproducts" {...products} />
    <Resource name="getcoupons" {...coupons} />
    <Resource name="referrals" {...referrals} />
    <Resource name="auditlog" {...auditLog} />
    <CustomRoutes>
      <Route path="/orders" element={<PendingOrders />} />
      <Route path="/price" element={<PriceUpdate />} />
      <Route path="/createproduct" element={<ProductCreate />} />
      <Route path="/createitems" element={<ItemCreate />} />
      <Route path="/createcoupons" element={<CouponCreate />} />
      <Route path="/gst-report" element={<GstReport />} />
      <Route path="/promise-report" element={<PromiseReport />} />
      <Route path="/resellers/:userid" element={<ResellerPage />} />
    </CustomRoutes>
  </Admin>
);

// react-admin's own router is a HashRouter; the server serves real paths under /admin/*.
const App = () => (
  <BrowserRouter>
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
    </Routes>
  </BrowserRouter>
);

export default App;
