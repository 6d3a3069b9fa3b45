import { Link } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A link to the storefront's payment check; a plain anchor because the page lives outside
 * /admin and the console's router.
 */
export const VerifyPaymentLink = ({ page, clientTxnId }: { page: string; clientTxnId: string }) => {
  const translate = useTranslate();
  return (
    <Link
      href={`${page}?client_txn_id=${encodeURIComponent(clientTxnId)}`}
      target="_blank"
      rel="noopener"
      onClick={(event) => event.stopPropagation()}
      underline="hover"
    >
      {translate('app.verify_payment')}
    </Link>
  );
};
