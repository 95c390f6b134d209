import { BugOutlined, BulbOutlined, CustomerServiceOutlined, MessageOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { CATEGORY_LABELS, CONTACT_CATEGORIES, type ContactCategory } from './contact-rules';

const CARDS: Readonly<Record<ContactCategory, { icon: ReactNode; text: string }>> = {
  feedback: { icon: <MessageOutlined />, text: 'Tell us what works for you and what could be better.' },
  support: { icon: <CustomerServiceOutlined />, text: 'Help with your account, your uploads or your plan.' },
  'bug-report': { icon: <BugOutlined />, text: 'Something not working as it should? Tell us what happened.' },
  'feature-request': { icon: <BulbOutlined />, text: 'An idea that would help your nature photography?' },
};

interface CategoryCardsProps {
  selected: ContactCategory | undefined;
  onChoose: (category: ContactCategory) => void;
}

/** The four kinds of message; choosing one sets the form's category. */
export function CategoryCards({ selected, onChoose }: CategoryCardsProps) {
  return (
    <section className="contact-categories" aria-label="What can we help with?">
      {CONTACT_CATEGORIES.map((category) => (
        <button
          key={category}
          type="button"
          className={`contact-category${selected === category ? ' contact-category--selected' : ''}`}
          aria-pressed={selected === category}
          onClick={() => onChoose(category)}
        >
          <span className="contact-category__icon" aria-hidden="true">
            {CARDS[category].icon}
          </span>
          <span className="contact-category__title">{CATEGORY_LABELS[category]}</span>
          <span className="contact-category__text">{CARDS[category].text}</span>
        </button>
      ))}
    </section>
  );
}
