import { ArrowLeftOutlined, DownOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { FAQ_COLUMNS, type FaqEntry } from './faq-entries';
import './faq.css';

function FaqItem({ entry, open, onToggle }: { entry: FaqEntry; open: boolean; onToggle: () => void }) {
  const buttonId = `faq-${entry.id}-question`;
  const panelId = `faq-${entry.id}-answer`;
  return (
    <div className={`faq-item${open ? ' faq-item--open' : ''}`}>
      <h3 className="faq-item__heading">
        <button
          type="button"
          id={buttonId}
          className="faq-item__question"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span>{entry.question}</span>
          <DownOutlined className="faq-item__chevron" aria-hidden="true" />
        </button>
      </h3>
      <div id={panelId} role="region" aria-labelledby={buttonId} className="faq-item__panel" hidden={!open}>
        <div className="faq-item__answer">{entry.answer}</div>
      </div>
    </div>
  );
}

/** Shown for both /faqs and /faq. One answer is open at a time, across both columns. */
export function FaqPage() {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <div className="faq">
      <Link to="/pricing" className="faq__back">
        <ArrowLeftOutlined aria-hidden="true" /> Back to Pricing
      </Link>
      <PageHeader
        title="Frequently Asked Questions"
        lead="Answers about uploading photos, the AI feedback, your account and password, privacy, storage and payments."
      />
      <div className="faq__columns">
        {FAQ_COLUMNS.map((column) => (
          <section key={column.id} className="faq__column" aria-labelledby={`faq-column-${column.id}`}>
            <h2 id={`faq-column-${column.id}`} className="faq__column-title">
              {column.title}
            </h2>
            {column.entries.map((entry) => (
              <FaqItem
                key={entry.id}
                entry={entry}
                open={openId === entry.id}
                onToggle={() => setOpenId((current) => (current === entry.id ? null : entry.id))}
              />
            ))}
          </section>
        ))}
      </div>
      <p className="faq__more">
        Still have a question? <Link to="/contact">Contact us</Link> and we&apos;ll get back to you within 5 business
        days.
      </p>
    </div>
  );
}
