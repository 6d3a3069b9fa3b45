import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

interface StatusMessageProps {
  icon?: IconName;
  title: ReactNode;
  children?: ReactNode;
  tone?: 'neutral' | 'danger' | 'success' | 'warning';
  /** `h1` when the message is the whole page. */
  heading?: 'h1' | 'h2';
}

/** A centred message for empty lists, failed loads and result pages. */
export function StatusMessage({
  icon = 'info',
  title,
  children,
  tone = 'neutral',
  heading: Heading = 'h2',
}: StatusMessageProps) {
  return (
    <div className={`notice notice-${tone}`}>
      <span className="notice-icon">
        <Icon name={icon} size={30} />
      </span>
      <Heading className="notice-title">{title}</Heading>
      {children}
    </div>
  );
}
