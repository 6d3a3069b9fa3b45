export { Layout } from '@/layout/Layout';
export { LoginPage } from '@/layout/LoginPage';
export { Notification } from '@/layout/Notification';
export { darkTheme, lightTheme } from '@/layout/themes';
