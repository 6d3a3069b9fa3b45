import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

const shared: RaThemeOptions = {
  shape: { borderRadius: 10 },
  sidebar: { width: 220, closedWidth: 56 },
};

// Wide tables (orders, coupons) scroll inside their card instead of widening the page.
const listOverrides = {
  RaList: {
    styleOverrides: {
      root: {
        '& .RaList-main': { minWidth: 0 },
        '& .RaList-content': { overflowX: 'auto' },
      },
    },
  },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  ...shared,
  components: { ...defaultDarkTheme.components, ...listOverrides },
  palette: {
    mode: 'dark',
    primary: { main: '#7c8cff' },
    secondary: { main: '#1a1d2b' },
    background: { default: '#0b0d14', paper: '#131622' },
  },
};

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  ...shared,
  components: { ...defaultLightTheme.components, ...listOverrides },
  palette: {
    mode: 'light',
    primary: { main: '#3f51d9' },
    secondary: { main: '#283593' },
    background: { default: '#f4f5fa' },
  },
};
