export { Layout } from '@/layout/Layout';
export { Notification } from '@/layout/Notification';
export { darkTheme, lightTheme } from '@/layout/themes';
