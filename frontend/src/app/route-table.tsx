// Every route of the spec's route table (section 2), in one place. Pages load on demand so the
// first download holds only the shell.
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

export interface AppRoute {
  path: string;
  /** Page part of the document title: "Wildframe — {title}". */
  title: string;
  /** Meta description; the site-wide one is used when absent. */
  description?: string;
  Page: LazyPage;
}

/** A page whose code loads on demand; `preload` fetches it ahead of the first render. */
export type LazyPage = (() => ReactElement) & { preload(): Promise<void> };

/**
 * React.lazy for a module that exports its page under a name rather than as default. Once
 * preloaded, the page renders at once instead of suspending: the first render of a page that came
 * prerendered in the HTML (app/prerender) must not replace it with the loading skeleton.
 */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): LazyPage {
  let loaded: ComponentType | undefined;
  const fetchPage = async () => {
    loaded ??= (await load())[name];
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await fetchPage() }));
  const Page = () => createElement(loaded ?? Lazy);
  Page.preload = async () => {
    await fetchPage();
  };
  return Page;
}

const HomePage = lazyPage(() => import('../features/home/home-page'), 'HomePage');
const UploadPage = lazyPage(() => import('../features/upload/upload-page'), 'UploadPage');
const GalleryPage = lazyPage(() => import('../features/gallery/gallery-page'), 'GalleryPage');
const PhotoPage = lazyPage(() => import('../features/photo/photo-page'), 'PhotoPage');
const PhotographerPage = lazyPage(() => import('../features/photographers/photographer-page'), 'PhotographerPage');
const MapPage = lazyPage(() => import('../features/nature/map-page'), 'MapPage');
const PricingPage = lazyPage(() => import('../features/pricing/pricing-page'), 'PricingPage');
const FaqPage = lazyPage(() => import('../features/faq/faq-page'), 'FaqPage');
const SignupPage = lazyPage(() => import('../features/signup/signup-page'), 'SignupPage');
const SubscriptionPage = lazyPage(
  () => import('../features/subscription/subscription-page'),
  'SubscriptionPage',
);
const LoginPage = lazyPage(() => import('../features/login/login-page'), 'LoginPage');
const ForgotPasswordPage = lazyPage(
  () => import('../features/forgot-password/forgot-password-page'),
  'ForgotPasswordPage',
);
const ProfilePage = lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage');
const MyPhotosPage = lazyPage(() => import('../features/my-photos/my-photos-page'), 'MyPhotosPage');
const AdminPage = lazyPage(() => import('../features/admin/admin-page'), 'AdminPage');
const PrivacyPage = lazyPage(() => import('../features/legal/privacy-page'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('../features/legal/terms-page'), 'TermsPage');
const ContactPage = lazyPage(() => import('../features/contact/contact-page'), 'ContactPage');
const CookiePreferencesPage = lazyPage(
  () => import('../features/cookies/cookie-preferences-page'),
  'CookiePreferencesPage',
);
const NotFoundPage = lazyPage(() => import('../features/not-found/not-found-page'), 'NotFoundPage');

export const routeTable: readonly AppRoute[] = [
  {
    path: '/',
    title: 'AI Feedback for Nature Photographers',
    description:
      'Upload your wildlife and landscape photos, get an AI rating for composition, lighting, clarity and creativity with written feedback, and share your best work with nature photographers.',
    Page: HomePage,
  },
  {
    path: '/upload',
    title: 'Upload a Photo',
    description:
      'Upload a nature photo with a title and description and receive an AI rating out of 10 with feedback on composition, lighting, clarity and creativity.',
    Page: UploadPage,
  },
  {
    path: '/gallery',
    title: 'Gallery',
    description:
      'Browse wildlife and landscape photos shared by the Wildframe community, filter by category and sort by newest, most liked or most viewed.',
    Page: GalleryPage,
  },
  { path: '/photo/:idOrSlug', title: 'Photo', Page: PhotoPage },
  { path: '/photos/:slug', title: 'Photo', Page: PhotoPage },
  { path: '/photographers/:id', title: 'Photographer', Page: PhotographerPage },
  {
    path: '/map',
    title: 'Map',
    description: 'See where the community’s wildlife and landscape photos were taken, on a world map that never shows the exact spot.',
    Page: MapPage,
  },
  {
    path: '/pricing',
    title: 'Pricing',
    description:
      'Compare the Explorer, Enthusiast and Professional plans: storage, file size limits, daily uploads and AI editing tips, billed monthly or annually.',
    Page: PricingPage,
  },
  { path: '/faqs', title: 'FAQs', Page: FaqPage },
  { path: '/faq', title: 'FAQs', Page: FaqPage },
  { path: '/signup', title: 'Sign Up', Page: SignupPage },
  { path: '/subscription', title: 'Manage Subscription', Page: SubscriptionPage },
  { path: '/login', title: 'Sign In', Page: LoginPage },
  { path: '/forgot-password', title: 'Reset Your Password', Page: ForgotPasswordPage },
  { path: '/profile', title: 'Profile', Page: ProfilePage },
  { path: '/my-photos', title: 'My Photos', Page: MyPhotosPage },
  { path: '/admin', title: 'Admin Panel', Page: AdminPage },
  { path: '/privacy', title: 'Privacy Policy', Page: PrivacyPage },
  { path: '/terms', title: 'Terms of Service', Page: TermsPage },
  { path: '/contact', title: 'Contact Us', Page: ContactPage },
  { path: '/cookie-preferences', title: 'Cookie Preferences', Page: CookiePreferencesPage },
  { path: '*', title: 'Page Not Found', Page: NotFoundPage },
];
