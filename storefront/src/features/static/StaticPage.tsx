import type { ReactNode } from 'react';
import './static.css';
import { useTranslation } from 'react-i18next';

interface StaticPageProps {
  title: string;
  lead?: ReactNode;
  updated?: string;
  children: ReactNode;
}

export function StaticPage({ title, lead, updated, children }: StaticPageProps) {
  const { t } = useTranslation();
  return (
    <div className="container page page-medium static-page">
      <header className="static-hero">
        <h1 className="page-title">{title}</h1>
        {lead && <p className="muted">{lead}</p>}
        {updated && <p className="static-updated">{t('static.lastUpdated', { date: updated })}</p>}
      </header>
      <article className="card prose">{children}</article>
    </div>
  );
}
