import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { User } from '@/api/types';
import { walletBalanceQuery } from '@/api/wallet';
import { Icon } from '@/components/Icon';
import { formatCoins } from '@/lib/format';
import { useTranslation } from 'react-i18next';

interface AvatarMenuProps {
  user: User;
  onSignOut: () => void;
}

/** The Z-Coins balance, from the one cached read every view of it shares. */
function WalletBalance({ userid }: { userid: number }) {
  const { data, isPending } = useQuery(walletBalanceQuery(userid));
  const { t } = useTranslation();
  if (isPending) return <span className="skeleton dropdown-balance-skeleton" />;
  if (!data) return null;
  return (
    <span className="dropdown-balance">
      <Icon name="coins" size={16} />{' '}
      {t('layout.zcoins', { amount: formatCoins(Number(data.balance ?? 0)) })}
    </span>
  );
}

export function AvatarMenu({ user, onSignOut }: AvatarMenuProps) {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const { t } = useTranslation();

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOnOutsideClick);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const close = () => setOpen(false);
  const initial = (user.name || user.email || '?').trim().charAt(0).toUpperCase();

  return (
    <div className="avatar-menu" ref={menuRef}>
      <button
        type="button"
        className="avatar-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('layout.accountMenu')}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar">{initial}</span>
        <Icon name="chevronDown" size={16} />
      </button>
      {open && (
        <div className="dropdown" role="menu">
          <div className="dropdown-header">
            <strong>{user.name}</strong>
            <span className="muted">{user.email}</span>
            <WalletBalance userid={user.userid} />
          </div>
          <Link role="menuitem" to="/dashboard" onClick={close}>
            <Icon name="grid" size={18} /> {t('layout.dashboard')}
          </Link>
          <Link role="menuitem" to="/wallet" onClick={close}>
            <Icon name="wallet" size={18} /> {t('layout.myWallet')}
          </Link>
          <Link role="menuitem" to="/orders" onClick={close}>
            <Icon name="receipt" size={18} /> {t('layout.myOrders')}
          </Link>
          <Link role="menuitem" to="/contact" onClick={close}>
            <Icon name="headset" size={18} /> {t('layout.contactUs')}
          </Link>
          {user.role === 'admin' && (
            <a role="menuitem" href="/admin">
              <Icon name="admin" size={18} /> {t('layout.adminDashboard')}
            </a>
          )}
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              close();
              onSignOut();
            }}
          >
            <Icon name="logout" size={18} /> {t('layout.signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
