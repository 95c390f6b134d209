// The FAQ's questions and answers (spec, section 2 "FAQ"): every topic the spec lists, with the
// product's real limits (section 9) and behaviour (sections 4 to 6).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LABEL_TEXTS, PLACE_PRIVACY_HELP } from '../nature/nature-texts';

export interface FaqEntry {
  id: string;
  question: string;
  answer: ReactNode;
}

export interface FaqColumn {
  id: string;
  title: string;
  entries: readonly FaqEntry[];
}

const photosAndFeedback: readonly FaqEntry[] = [
  {
    id: 'upload-failures',
    question: 'Why did my upload fail?',
    answer: (
      <>
        <p>An upload stops with a message that says why. The usual reasons are:</p>
        <ul>
          <li>
            <strong>File too large:</strong> each photo may be up to 10 MB on Explorer (and as a guest), 20 MB on
            Enthusiast and 30 MB on Professional.
          </li>
          <li>
            <strong>Unsupported format:</strong> use JPG, PNG, HEIC or WebP.
          </li>
          <li>
            <strong>Daily limit reached:</strong> guests can upload 2 photos a day and Explorer members 5; the count
            resets at midnight. Enthusiast and Professional uploads are unlimited.
          </li>
          <li>
            <strong>Storage full:</strong> delete photos you no longer need or move to a plan with more storage.
          </li>
          <li>
            <strong>Missing title or description:</strong> both are required (title up to 160 characters,
            description up to 500).
          </li>
          <li>
            <strong>Content guidelines:</strong> only nature photography is accepted.
          </li>
        </ul>
        <p>If none of these apply, check your connection and try again.</p>
      </>
    ),
  },
  {
    id: 'browsers',
    question: 'Which browsers are supported?',
    answer: (
      <p>
        Wildframe works in current versions of Chrome, Edge, Firefox and Safari, on computers, tablets and phones.
        JavaScript must be turned on. In browsers that support it you can also install Wildframe as an app from the
        install prompt.
      </p>
    ),
  },
  {
    id: 'image-quality',
    question: 'What image formats and quality do you accept?',
    answer: (
      <>
        <p>
          We accept JPG, PNG, HEIC and WebP files with a minimum resolution of 800x600 pixels. Upload nature photos
          only: wildlife, landscapes and outdoor scenery.
        </p>
        <p>
          For the most useful feedback, upload the full-resolution export rather than a screenshot or a heavily
          compressed copy, within your plan&apos;s file size limit (10 MB Explorer, 20 MB Enthusiast, 30 MB
          Professional).
        </p>
      </>
    ),
  },
  {
    id: 'ai-feedback',
    question: 'How does the AI feedback work?',
    answer: (
      <>
        <p>
          Each photo you upload is analysed and scored from 1 to 10 for composition, lighting, clarity and
          creativity, with an overall rating and written feedback on what works and what to try next.
        </p>
        <p>
          Enthusiast and Professional members can also ask for step-by-step editing tips for Lightroom, Google
          Photos or Apple Photos.
        </p>
      </>
    ),
  },
  {
    id: 'ai-accuracy',
    question: 'How accurate is the AI rating?',
    answer: (
      <p>
        The scores rest on measurable qualities such as sharpness, exposure, contrast and subject placement, so they
        are consistent and explainable. They are still guidance, not a verdict: art is personal, and a deliberate
        choice such as a soft, moody exposure can score lower than it deserves. Use the feedback as a second
        opinion alongside your own eye and the community&apos;s.
      </p>
    ),
  },
  {
    id: 'content-guidelines',
    question: 'What are the content guidelines?',
    answer: (
      <>
        <p>Wildframe is for nature photography. Please upload only:</p>
        <ul>
          <li>wildlife, landscape and outdoor scenery photos;</li>
          <li>photos you took yourself or have the right to use;</li>
          <li>photos taken without baiting, disturbing or endangering wildlife.</li>
        </ul>
        <p>
          Harmful, offensive or illegal content is refused, as are photos centred on weapons. Keep any feedback
          you give other photographers constructive.
        </p>
      </>
    ),
  },
  {
    id: 'photo-labels',
    question: 'What do the labels on photos mean?',
    answer: (
      <>
        <p>When you upload a photo (or later, on its page), say how it was made. The labels are:</p>
        <ul>
          {LABEL_TEXTS.map((text) => (
            <li key={text.label}>
              <strong>{text.name}</strong>: {text.meaning}
            </li>
          ))}
        </ul>
        <p>
          Labelled photos are welcome. Captive, baited and AI-generated photos are left out of the gallery’s “Wild only”
          view, and only wild, unbaited, camera-made photos can be featured on the home page.
        </p>
      </>
    ),
  },
  {
    id: 'photo-places',
    question: 'Who can see where my photo was taken?',
    answer: (
      <p>
        {PLACE_PRIVACY_HELP} You choose Open or Private when you upload and can change it on the photo’s page. The{' '}
        <Link to="/map">map</Link> shows only open places.
      </p>
    ),
  },
  {
    id: 'gallery-visibility',
    question: 'Who can see my photos in the gallery?',
    answer: (
      <p>
        Your photos are private by default: only you see them, in My Photos. When you make a photo public it
        appears in the public gallery, where anyone can view and like it. You can switch a photo back to private at
        any time from My Photos.
      </p>
    ),
  },
  {
    id: 'sharing',
    question: 'How do I share my photos?',
    answer: (
      <p>
        Make the photo public, open it, and use the share buttons: Facebook, LinkedIn, Copy Link, or your
        device&apos;s own share menu where it is available. Anyone with the link can view a public photo without an
        account.
      </p>
    ),
  },
  {
    id: 'storage',
    question: 'How much storage do I get?',
    answer: (
      <>
        <p>
          Explorer (free) includes 250 MB, Enthusiast 25 GB and Professional 50 GB. Your profile shows how much you
          have used, and we warn you when you pass 80%.
        </p>
        <p>
          Need more room? <Link to="/pricing">Compare the plans</Link>.
        </p>
      </>
    ),
  },
];

const accountPrivacyBilling: readonly FaqEntry[] = [
  {
    id: 'password-reset',
    question: 'How do I reset my password?',
    answer: (
      <p>
        Choose &ldquo;Forgot password?&rdquo; on the <Link to="/login">sign-in page</Link> and enter your e-mail
        address. Answer the three security questions you set up on your profile, then choose a new password of at
        least 8 characters. If you never set up security questions, <Link to="/contact">contact us</Link> and we
        will help you back in.
      </p>
    ),
  },
  {
    id: 'data-export',
    question: 'Can I export my data?',
    answer: (
      <p>
        Yes. You can download the original of any of your photos from My Photos. For a copy of everything we hold
        about you (profile, photos, ratings and billing history), <Link to="/contact">contact us</Link>; we answer
        privacy requests within 30 days.
      </p>
    ),
  },
  {
    id: 'account-deletion',
    question: 'How do I delete my account?',
    answer: (
      <p>
        Send a request through the <Link to="/contact">contact form</Link> from the e-mail address of your account.
        We delete your account, photos and ratings within 30 days. Billing records are kept for 7 years because
        the law requires it. Cancel any paid subscription first so you are not charged again.
      </p>
    ),
  },
  {
    id: 'privacy',
    question: 'Is my personal information private?',
    answer: (
      <p>
        Yes. We collect only what the service needs, never sell your data, and share it only with the providers
        that run Wildframe (AI analysis, payments and our database host). Analytics cookies are used only if you
        allow them. Read the <Link to="/privacy">Privacy Policy</Link> for the details, or change your choice on{' '}
        <Link to="/cookie-preferences">Cookie Preferences</Link>.
      </p>
    ),
  },
  {
    id: 'retention',
    question: 'How long do you keep my photos?',
    answer: (
      <ul>
        <li>Guest uploads are deleted after 15 minutes.</li>
        <li>
          On the free Explorer plan photos are kept temporarily; we e-mail you before removing anything from an
          account that has been inactive for 12 months.
        </li>
        <li>
          On Enthusiast and Professional your photos are kept permanently, and for 90 days after a subscription ends
          so you have time to download them or renew.
        </li>
      </ul>
    ),
  },
  {
    id: 'payment-methods',
    question: 'Which payment methods do you accept?',
    answer: (
      <p>
        We accept major credit and debit cards through our secure card payment provider; Wildframe never sees or
        stores your card number. You can pay monthly or annually, and annual billing costs less: Enthusiast is $9 a
        month or $84 a year, Professional $19 a month or $180 a year.
      </p>
    ),
  },
  {
    id: 'refunds',
    question: 'What is your refund policy?',
    answer: (
      <p>
        If Wildframe is not for you, ask for a refund within 14 days of your first payment. Annual plans can be
        refunded pro rata within 30 days. We do not refund partial months unless the law requires it. When you
        cancel, you keep your plan until the end of the billing period.
      </p>
    ),
  },
  {
    id: 'guest-vs-registered',
    question: 'What is the difference between a guest and a registered member?',
    answer: (
      <>
        <p>
          Guests can try Wildframe without an account: 2 uploads a day with basic AI scores, and the photos are
          deleted after 15 minutes, so they do not appear in the gallery.
        </p>
        <p>
          Registered members keep their photos, can publish them to the gallery, manage a profile and upload more:
          5 photos a day with 250 MB of storage on the free Explorer plan, and unlimited uploads, more storage and
          AI editing tips on Enthusiast and Professional.
        </p>
      </>
    ),
  },
  {
    id: 'guest-signup',
    question: 'I uploaded as a guest. How do I sign up?',
    answer: (
      <p>
        <Link to="/signup">Create an account</Link> with your name, e-mail address and a password; the Explorer
        plan is free. Guest uploads are not moved into the new account (they are deleted after 15 minutes), so
        upload your favourites again once you are signed in.
      </p>
    ),
  },
];

export const FAQ_COLUMNS: readonly FaqColumn[] = [
  { id: 'photos', title: 'Photos and AI feedback', entries: photosAndFeedback },
  { id: 'account', title: 'Account, privacy and billing', entries: accountPrivacyBilling },
];
