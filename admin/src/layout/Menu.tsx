import AddBoxIcon from '@mui/icons-material/AddBox';
import AddCircleIcon from '@mui/icons-material/AddCircle';
import HourglassIcon from '@mui/icons-material/HourglassTop';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import TimerIcon from '@mui/icons-material/Timer';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { Menu as RaMenu, useBasename } from 'react-admin';

/** One entry per screen of the console, in the spec's order. */
export const Menu = () => {
  // Custom pages sit beside react-admin's routes, which live under the /admin basename.
  const basename = useBasename();
  return (
    <RaMenu>
      <RaMenu.DashboardItem primaryText="app.menu.overview" />
      <RaMenu.Item
        to={`${basename}/orders`}
        primaryText="app.menu.pending_orders"
        leftIcon={<HourglassIcon />}
      />
      <RaMenu.Item
        to={`${basename}/price`}
        primaryText="app.menu.price"
        leftIcon={<PriceChangeIcon />}
      />
      <RaMenu.ResourceItem name="usersdata" />
      <RaMenu.ResourceItem name="txn" />
      <RaMenu.ResourceItem name="wallettxn" />
      <RaMenu.ResourceItem name="admingallery" />
      <RaMenu.Item
        to={`${basename}/createproduct`}
        primaryText="app.menu.create_product"
        leftIcon={<AddBoxIcon />}
      />
      <RaMenu.Item
        to={`${basename}/createitems`}
        primaryText="app.menu.create_item"
        leftIcon={<PostAddIcon />}
      />
      <RaMenu.ResourceItem name="viewitems" />
      <RaMenu.ResourceItem name="viewproducts" />
      <RaMenu.ResourceItem name="getcoupons" />
      <RaMenu.Item
        to={`${basename}/createcoupons`}
        primaryText="app.menu.create_coupon"
        leftIcon={<AddCircleIcon />}
      />
      <RaMenu.Item
        to={`${basename}/gst-report`}
        primaryText="app.menu.gst_report"
        leftIcon={<ReceiptLongIcon />}
      />
      <RaMenu.Item
        to={`${basename}/promise-report`}
        primaryText="app.menu.promise_report"
        leftIcon={<TimerIcon />}
      />
      <RaMenu.ResourceItem name="referrals" />
      <RaMenu.ResourceItem name="auditlog" />
    </RaMenu>
  );
};
