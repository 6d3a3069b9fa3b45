import { ListItemText, MenuItem } from '@mui/material';
import { useGetIdentity } from 'react-admin';

/** The signed-in admin's name and e-mail at the top of the user menu. */
export const IdentityMenuItem = () => {
  const { identity } = useGetIdentity();
  if (!identity) return null;
  return (
    <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
      <ListItemText
        primary={identity.fullName}
        secondary={typeof identity.email === 'string' ? identity.email : undefined}
      />
    </MenuItem>
  );
};
