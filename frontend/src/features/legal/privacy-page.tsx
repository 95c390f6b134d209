import { Link } from 'react-router';
import { ContactEmail, LegalDocument, type LegalSection } from './legal-document';

const sections: readonly LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect only what we need to run Wildframe:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your name, e-mail address, profile picture, plan, and your password and
            security-question answers, which we store only in a form that cannot be turned back into the original.
          </li>
          <li>
            <strong>Your photos:</strong> the images you upload with their titles, descriptions and categories, and
            the AI ratings and feedback they receive.
          </li>
          <li>
            <strong>Usage data:</strong> likes and views of photos, upload counts for plan limits, and, only if you
            allow analytics cookies, the pages you visit with a random id that lasts one browser session.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address, used to apply guest upload limits and to protect the
            service from abuse.
          </li>
          <li>
            <strong>Messages:</strong> what you send us through the contact form.
          </li>
          <li>
            <strong>Payment details:</strong> card details go straight to our payment provider; we keep only a
            reference to your customer account and subscription.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Your Information',
    body: (
      <>
        <ul>
          <li>To provide the service: store your photos, analyse them and show the ratings and feedback.</li>
          <li>To manage your account and plan, apply its limits and process payments.</li>
          <li>To answer your messages and keep you informed about your account.</li>
          <li>To keep Wildframe secure and prevent abuse.</li>
          <li>To understand, in aggregate, which parts of the site help photographers most, if you allow analytics.</li>
        </ul>
        <p>We never sell your personal information and we do not show third-party advertising.</p>
      </>
    ),
  },
  {
    id: 'security-and-retention',
    title: 'Data Security and Retention',
    body: (
      <>
        <p>
          All traffic to Wildframe is encrypted, passwords and security answers are protected with a slow,
          memory-hard hashing algorithm, and access to stored data is limited to the people and systems that need
          it. Original photos are visible only to their owner unless the owner makes them public.
        </p>
        <h3>How long we keep data</h3>
        <ul>
          <li>Guest uploads: deleted after 15 minutes.</li>
          <li>
            Photos are retained temporarily for free users and permanently for paid plans. Free accounts are warned
            after 12 months without activity.
          </li>
          <li>Paid accounts: retained for 90 days after the subscription ends, so you can download or renew.</li>
          <li>Account deletion: completed within 30 days of your request.</li>
          <li>Billing records: kept for 7 years, as tax law requires.</li>
          <li>Usage data: anonymised after 2 years.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    body: (
      <>
        <p>You can at any time:</p>
        <ul>
          <li>see and correct your details on your profile;</li>
          <li>ask for a copy of the personal information we hold about you;</li>
          <li>ask us to delete your account and data;</li>
          <li>object to or restrict how we use your information;</li>
          <li>
            withdraw consent to optional cookies on <Link to="/cookie-preferences">Cookie Preferences</Link>;
          </li>
          <li>complain to your data protection authority.</li>
        </ul>
        <p>We answer privacy requests within 30 days.</p>
      </>
    ),
  },
  {
    id: 'third-party-services',
    title: 'Third-Party Services',
    body: (
      <>
        <p>We share data only with the providers that run Wildframe for us, and only what each one needs:</p>
        <ul>
          <li>
            <strong>AI provider:</strong> analyses your photos to produce ratings, feedback and editing tips.
          </li>
          <li>
            <strong>Payment provider:</strong> processes card payments and subscriptions.
          </li>
          <li>
            <strong>Database host:</strong> stores your account, photos and ratings securely.
          </li>
        </ul>
        <p>Each provider is bound by contract to use the data only to provide its service to us.</p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        Necessary cookies keep you signed in and remember your choices; they are always on. Analytics, functional
        and marketing cookies are used only with your consent, which you can give or withdraw on{' '}
        <Link to="/cookie-preferences">Cookie Preferences</Link>.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        For any privacy question or request, e-mail <ContactEmail /> or use the <Link to="/contact">contact form</Link>
        . We answer privacy requests within 30 days.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          Your photos and your data belong to you. This policy explains what information Wildframe collects, how we
          use, protect and retain it, and the rights you have over it.
        </p>
      }
      sections={sections}
    />
  );
}
