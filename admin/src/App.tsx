import { Admin, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { authProvider } from '@/authProvider';
import { dataProvider } from '@/dataProvider';
import { i18nProvider } from '@/i18n/i18nProvider';
import { Layout, LoginPage, Notification, darkTheme, lightTheme } from '@/layout';
import users from '@/users';

const AdminApp = () => (
  <Admin
    basename="/admin"
    title="Z Store Admin"
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    layout={Layout}
    loginPage={LoginPage}
    notification={Notification}
    theme={lightTheme}
    darkTheme={darkTheme}
    defaultTheme="dark"
    requireAuth
    disableTelemetry
  >
    <Resource name="usersdata" {...users} />
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
