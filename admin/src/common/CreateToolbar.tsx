import { SaveButton, Toolbar } from 'react-admin';

/** Save stays enabled on a pristine form, so a click shows the spec's validation messages. */
export const CreateToolbar = () => (
  <Toolbar>
    <SaveButton alwaysEnable />
  </Toolbar>
);
