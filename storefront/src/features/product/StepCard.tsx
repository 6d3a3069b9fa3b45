import type { ReactNode } from 'react';

interface StepCardProps {
  step: number;
  title: string;
  children: ReactNode;
  className?: string;
}

export function StepCard({ step, title, children, className }: StepCardProps) {
  return (
    <section className={`card step-card${className ? ` ${className}` : ''}`}>
      <h2 className="step-title">
        <span className="step-number">{step}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}
