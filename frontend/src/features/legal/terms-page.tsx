import { Link } from 'react-router';
import { ContactEmail, LegalDocument, type LegalSection } from './legal-document';

const sections: readonly LegalSection[] = [
  {
    id: 'agreement-summary',
    title: 'Agreement Summary',
    body: (
      <>
        <p>By using Wildframe you agree to these terms. In short:</p>
        <ul>
          <li>
            <strong>Your content remains yours.</strong> You own the photos you upload.
          </li>
          <li>
            <strong>Use our tools responsibly.</strong> Use the AI feedback and the community as intended.
          </li>
          <li>
            <strong>Respect other photographers.</strong> Their work and their wildlife deserve the same care as
            yours.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'our-service',
    title: 'Our Service',
    body: (
      <>
        <p>
          Wildframe offers AI analysis of nature photos, cloud storage for your portfolio, a community gallery for
          sharing and discovery, and educational resources such as editing tips.
        </p>
        <p>
          We work to keep Wildframe available, but the service may be suspended for maintenance, features may be
          updated and the AI models may be modified over time. We cannot guarantee 100% uptime.
        </p>
      </>
    ),
  },
  {
    id: 'your-responsibilities',
    title: 'Your Responsibilities',
    body: (
      <>
        <h3>Your account</h3>
        <ul>
          <li>Keep your password secure and do not share your account.</li>
          <li>Notify us promptly of any breach or unauthorised use of your account.</li>
          <li>Keep your profile information accurate.</li>
        </ul>
        <h3>Your photos and conduct</h3>
        <ul>
          <li>Upload only photos you own or have permission to use.</li>
          <li>Respect wildlife and habitats: never bait, disturb or endanger animals for a photo.</li>
          <li>
            Label your photos honestly: captive, baited, composite, AI-generated or AI-edited (the FAQ says what each
            label means). A photo made by a generative AI must carry the AI-generated label.
          </li>
          <li>Keep any feedback you give other photographers constructive.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'prohibited-activities',
    title: 'Prohibited activities',
    body: (
      <>
        <p>You may not:</p>
        <ul>
          <li>upload harmful, offensive or illegal content;</li>
          <li>reverse-engineer, copy or extract our AI models or analysis;</li>
          <li>harass, threaten or impersonate other members;</li>
          <li>use bots, scrapers or other automated means to abuse the service or its limits.</li>
        </ul>
        <p>We may remove content or suspend accounts that break these rules.</p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: (
      <>
        <p>
          You keep full ownership of your photos and may delete your content at any time. By uploading, you give
          Wildframe permission to analyse your photos with AI for the purpose of giving you feedback, and nothing
          more; public photos are shown in the gallery only while you keep them public.
        </p>
        <p>
          Wildframe owns its algorithms, the design of the site and its educational content, which you may not copy
          or reuse without our permission.
        </p>
      </>
    ),
  },
  {
    id: 'payments-and-subscriptions',
    title: 'Payments and Subscriptions',
    body: (
      <>
        <ul>
          <li>
            Explorer is free. Enthusiast costs $9 a month or $84 a year; Professional $19 a month or $180 a year. See{' '}
            <Link to="/pricing">Pricing</Link> for what each plan includes.
          </li>
          <li>
            Paid plans are billed monthly or annually in advance by card through our payment provider and renew
            automatically until you cancel.
          </li>
          <li>
            When you cancel, you keep your plan until the end of the billing period; your account then moves to the
            free Explorer plan.
          </li>
          <li>
            Refunds: you may ask for a refund within 14 days. Annual plans are refunded pro rata within 30 days. There
            are no refunds for partial months unless the law requires them.
          </li>
          <li>We give 30 days&apos; notice before any price change.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'limitations-and-disclaimers',
    title: 'Limitations and Disclaimers',
    body: (
      <ul>
        <li>Wildframe is provided &ldquo;as is&rdquo;, without warranties of any kind.</li>
        <li>AI ratings, feedback and editing tips are guidance only, not professional judgement.</li>
        <li>Back up your photos independently; do not keep Wildframe as your only copy.</li>
        <li>
          Our liability for any claim is limited to the amount you paid us in the month before the claim.
        </li>
      </ul>
    ),
  },
  {
    id: 'updates-and-contact',
    title: 'Updates and Contact',
    body: (
      <>
        <p>
          Minor changes to these terms take effect immediately. Major changes require 30 days&apos; notice, which we
          give by e-mail and on this page. Continued use of Wildframe after a change means you accept the updated
          terms.
        </p>
        <p>
          Questions about these terms? E-mail <ContactEmail /> or use the <Link to="/contact">contact form</Link>. We
          respond within 5 business days.
        </p>
      </>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro={
        <p>
          These terms are the agreement between you and Wildframe. They are written to be read: the summary comes
          first, the details follow.
        </p>
      }
      sections={sections}
    />
  );
}
