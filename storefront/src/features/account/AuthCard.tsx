import type { ReactNode } from 'react';
import { Icon, type IconName } from '@/components/Icon';
import './account.css';

interface AuthCardProps {
  icon: IconName;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ icon, title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="container page auth-page">
      <div className="card auth-card">
        <div className="auth-head">
          <span className="auth-icon">
            <Icon name={icon} size={26} />
          </span>
          <h1>{title}</h1>
          {subtitle && <p className="muted">{subtitle}</p>}
        </div>
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
      </div>
    </div>
  );
}
