import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** One or two sentences saying what the page is for. */
  lead: ReactNode;
  children?: ReactNode;
}

/** The heading block every page starts with: its one h1 and a short lead paragraph. */
export function PageHeader({ title, lead, children }: PageHeaderProps) {
  return (
    <div className="page-header">
      <h1 className="page-header__title">{title}</h1>
      <p className="page-header__lead">{lead}</p>
      {children}
    </div>
  );
}
