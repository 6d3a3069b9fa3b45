import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

const shared: RaThemeOptions = {
  shape: { borderRadius: 10 },
  sidebar: { width: 220, closedWidth: 56 },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  ...shared,
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
  palette: {
    mode: 'light',
    primary: { main: '#3f51d9' },
    secondary: { main: '#283593' },
    background: { default: '#f4f5fa' },
  },
};
