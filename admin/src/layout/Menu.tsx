import { Menu as RaMenu } from 'react-admin';

/** One entry per screen of the console, in the spec's order. */
export const Menu = () => (
  <RaMenu>
    <RaMenu.ResourceItem name="usersdata" />
  </RaMenu>
);
