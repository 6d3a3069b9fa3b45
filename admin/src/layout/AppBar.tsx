import StorefrontIcon from '@mui/icons-material/Storefront';
import { Button, IconButton, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import {
  LoadingIndicator,
  Logout,
  AppBar as RaAppBar,
  TitlePortal,
  ToggleThemeButton,
  UserMenu,
  useTranslate,
} from 'react-admin';
import { IdentityMenuItem } from '@/layout/IdentityMenuItem';

const STORE_URL = '/';

const StoreLink = () => {
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const label = translate('app.back_to_store');
  return isSmall ? (
    <Tooltip title={label}>
      <IconButton color="inherit" href={STORE_URL} aria-label={label}>
        <StorefrontIcon />
      </IconButton>
    </Tooltip>
  ) : (
    <Button color="inherit" href={STORE_URL} startIcon={<StorefrontIcon />}>
      {label}
    </Button>
  );
};

const Toolbar = () => (
  <>
    <StoreLink />
    <ToggleThemeButton />
    <LoadingIndicator />
  </>
);

const AdminUserMenu = () => (
  <UserMenu>
    <IdentityMenuItem />
    <Logout />
  </UserMenu>
);

export const AppBar = () => (
  <RaAppBar toolbar={<Toolbar />} userMenu={<AdminUserMenu />}>
    <TitlePortal />
  </RaAppBar>
);
