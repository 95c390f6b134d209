export interface NavItem {
  to: string;
  label: string;
}

/** Header links, in the order the spec lists them. */
export const mainNavItems: readonly NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/faqs', label: 'FAQs' },
  { to: '/pricing', label: 'Pricing' },
];

export const footerNavItems: readonly NavItem[] = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/cookie-preferences', label: 'Cookie Preferences' },
  { to: '/contact', label: 'Contact Us' },
];

export const poweredBy = { href: 'https://ant.design', label: 'Powered by Ant Design' } as const;
