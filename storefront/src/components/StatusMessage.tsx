import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

interface StatusMessageProps {
  icon?: IconName;
  title: ReactNode;
  children?: ReactNode;
  tone?: 'neutral' | 'danger' | 'success' | 'warning';
}

/** A centred message for empty lists, failed loads and result pages. */
export function StatusMessage({
  icon = 'info',
  title,
  children,
  tone = 'neutral',
}: StatusMessageProps) {
  return (
    <div className={`notice notice-${tone}`}>
      <span className="notice-icon">
        <Icon name={icon} size={30} />
      </span>
      <h2 className="notice-title">{title}</h2>
      {children}
    </div>
  );
}
