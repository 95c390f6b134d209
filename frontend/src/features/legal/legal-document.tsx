import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useGetSiteConfigQuery } from '../site/site-api';
import './legal.css';

/** Both documents (spec, section 2). */
export const LEGAL_LAST_UPDATED = 'June 4, 2025';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** Jumps to a section without a router navigation (which would reset the scroll position). */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}

/** A policy page: title, date, contents and numbered sections. */
export function LegalDocument({ title, intro, sections }: LegalDocumentProps) {
  return (
    <article className="legal">
      <PageHeader title={title} lead={`Last updated ${LEGAL_LAST_UPDATED}`} />
      <div className="legal__intro">{intro}</div>
      <nav className="legal__contents" aria-labelledby="legal-contents-title">
        <h2 id="legal-contents-title" className="legal__contents-title">
          Contents
        </h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} onClick={(event) => jumpTo(event, section.id)}>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} className="legal__section" tabIndex={-1} aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`} className="legal__section-title">
            <span className="legal__section-number">{index + 1}.</span> {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}

/** The contact address from the gateway's configuration; the contact form if it cannot be read. */
export function ContactEmail() {
  const { data, isLoading, isError } = useGetSiteConfigQuery();
  if (isLoading) {
    return (
      <span className="legal__email-loading" role="status">
        <span className="visually-hidden">Loading the contact e-mail address</span>
      </span>
    );
  }
  if (isError || !data) return <Link to="/contact">our contact form</Link>;
  return (
    <a href={`mailto:${data.contactEmail}`} data-testid="contact-email">
      {data.contactEmail}
    </a>
  );
}
